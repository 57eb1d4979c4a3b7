/**
 * Navigation usable outside React (the API client's 401 handling). The router registers its
 * own navigate at start-up; until then a full page load is used.
 */
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => window.location.assign(path);

export function setNavigator(next: Navigate): void {
  navigator = next;
}

export function navigateTo(path: string): void {
  navigator(path);
}

/** Full page load (SPEC.md "hard redirect" after sign-in): fresh state for the new session. */
export function hardRedirect(path: string): void {
  window.location.assign(path);
}
