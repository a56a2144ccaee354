// The 10,000 most common passwords (common-passwords.txt; source and licence beside it), refused for new
// passwords. Compared case-insensitively: "Password1" is as guessable as "password1".
import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
