// The one realtime client of the UI (spec §4, §7, §9; DESIGN §5): laravel-echo with the reverb broadcaster over
// pusher-js. Screens listen with `useChannel`; non-React code (stores) with `subscribeChannel`; the state of spec §3
// is `realtimeStateAtom`. `RealtimeSession` (mounted once by the app) ties the connection to the session.
export { connectRealtime, disconnectRealtime, realtimeClient, subscribeChannel } from './instance';
export { RealtimeSession } from './session-binding';
export { realtimeStateAtom, type RealtimeState } from './state';
export { useChannel } from './use-channel';
