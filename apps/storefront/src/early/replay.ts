/** The marker of an element whose controls' clicks before hydration are replayed after it. */
export const REPLAY_ATTRIBUTE = 'data-replay';
/** On `<html>` while clicks wait for the code (the controls can say so). */
export const REPLAY_PENDING_ATTRIBUTE = 'data-replay-pending';
/** The global through which the early script hands its recorded clicks to the app, once. */
export const REPLAY_QUEUE = '__marketkitEarlyClicks';
