// Every table of the data model, one module per group.
export * from './enums';
export * from './users';
export * from './spaces';
export * from './messaging';
export * from './payments';
export * from './content';
export * from './security';
export * from './saved-searches';
export * from './moderation';
export * from './saved-spaces';
export * from './profiles';
export * from './reviews';
export * from './push';
