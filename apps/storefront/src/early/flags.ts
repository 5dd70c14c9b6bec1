/** The session flag of the one-reload rule for code that fails to load, shared by the early guard and the app. */
export const CHUNK_RELOAD_FLAG = 'marketkit_chunk_reload';
