const KEY = 'eproto-last-board';

/** The board last opened in Gestão de Demandas on this browser (null when none). */
export function readLastBoard(): number | null {
  try {
    const value = Number(localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberBoard(id: number): void {
  try {
    localStorage.setItem(KEY, String(id));
  } catch {
    // Private mode or full storage: the picker simply starts on the first board.
  }
}
