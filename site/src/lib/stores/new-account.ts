// "Welcome back" is for people coming back (issue 25): the tab that just created the account greets
// "Welcome" until the person signs in again. Kept per tab (sessionStorage), nothing sent anywhere.
const KEY = 'farmspace:new-account';

export function markNewAccount(userId: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(userId));
  } catch {
    // Storage refused: the greeting is "Welcome back", as before.
  }
}

export function forgetNewAccount(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

export function isNewAccount(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === String(userId);
  } catch {
    return false;
  }
}
