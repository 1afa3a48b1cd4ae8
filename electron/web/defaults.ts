/** Defaults of the browser shell, apart so that the CLI parser imports no server code. */
export const DEFAULT_WEB_PORT = 5175;
export const DEFAULT_DATA_DIR = './data/kiosk';
