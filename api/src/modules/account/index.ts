// The account module's public surface (docs/decisions/1310): a person's own data — the export and the closing
// of the account, which calls each owning module. It sits above them: no module imports it.
export { EXPORT_SECTIONS, NOT_EXPORTED, exportedTables } from './account-export';
