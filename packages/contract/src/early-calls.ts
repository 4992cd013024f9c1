// The first calls of a returning user's launch, started by the page itself before the app's code (issue 32).
//
// A returning user's first screen is the feed, and its answer does not depend on anything the app's code computes
// that the previous launch did not compute already. So the app keeps, for the address it was launched at, the calls
// its first screen made (method, path from the contract's routes, JSON body); the API's shell carries a small inline
// script (apps/api plugins/spa.ts, allowed by its hash in the Content-Security-Policy) that starts those calls with
// the stored token while the browser is still fetching and running the app's JavaScript. The app's API client takes
// such an answer in place of its own request when the call is the same (packages/ui api/early-calls.ts), once.
// Nothing here imports anything: the script is plain text the page runs as it is.

/** Where the bearer token is kept in localStorage (packages/ui api/token-storage.ts). */
export const TOKEN_STORAGE_KEY = 'autoradar:token';

/** Where the app keeps, per launch address (a pathname), the first calls of its first screen. */
export const EARLY_CALLS_KEY = 'autoradar:early-calls';

/**
 * Where the app keeps, per launch address, the code its first screen loaded besides the entry: the build's entry
 * (the page's module script, as the HTML names it) and the files (`.js`, `.css`) of the lazy chunks it took before
 * its first content was on screen.
 */
export const EARLY_MODULES_KEY = 'autoradar:early-modules';

/** What the app keeps under EARLY_MODULES_KEY for one address. */
export interface EarlyModules {
  entry: string;
  files: string[];
}

/** The global the inline script leaves its started calls on. */
export const EARLY_CALLS_GLOBAL = '__AUTORADAR_EARLY_CALLS__';

/**
 * The first paint (packages/ui first-paint, issue 32): the page names its script in this meta element; the inline
 * script loads it for a returning user only (a new device's page never fetches it), and leaves on window a promise
 * (FIRST_PAINT_READY) the app's entry waits for before the app runs, settled by the painter (FIRST_PAINT_DONE) once
 * its cards are painted or it has given up, and in any case after FIRST_PAINT_WAIT_MS.
 */
export const FIRST_PAINT_META = 'autoradar-first-paint';
export const FIRST_PAINT_READY = '__AUTORADAR_FIRST_PAINT__';
export const FIRST_PAINT_DONE = '__AUTORADAR_FIRST_PAINT_DONE__';
/** The most the app waits for the painter: a slow answer must not hold the app back longer than its own start. */
export const FIRST_PAINT_WAIT_MS = 600;

/** The headers of every call the app's client makes, besides the bearer token and the JSON body's type. */
export const API_CLIENT_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;

/** One call as the app keeps it: the contract route's method and path, and the JSON body's exact text if any. */
export interface EarlyCall {
  method: string;
  path: string;
  body?: string;
}

/** What the app keeps under EARLY_CALLS_KEY. */
export type EarlyCallsByPage = Record<string, EarlyCall[]>;

/**
 * The inline script. It does nothing without a stored token, without calls kept for this address, or on a launch
 * that opens another screen first (a mini-app deep link, `startapp`, the same rule as the mini-app's entry). Only
 * the API's own paths are called. It never throws: a page without storage simply starts as before.
 *
 * With the calls, the first paint's script (FIRST_PAINT_META), only for the same build's files (an address of the
 * page's own). After the calls, the first screen's code: when the page's entry is the one the kept files were loaded with (the
 * same build), each file of the kept list not already in the page is asked for now, `modulepreload` for a script and
 * a style sheet applied at once (the first screen's own styles; the first paint before React draws its cards with
 * them: packages/ui first-paint), so the lazy chunks come (and compile) while the entry is fetched and run instead of
 * after it. Vite's loader finds the style sheets there and does not add them again. Only files beside the entry (its
 * own folder) are asked for; after a deploy nothing is.
 */
export const EARLY_CALLS_SCRIPT = /* @__PURE__ */ earlyCallsScript();

// A function, so a bundle that takes only this module's names (the first paint) leaves the script's text out.
function earlyCallsScript(): string {
  return (
    `(function(){try{` +
    `var s=localStorage,t=s.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}),` +
    `c=JSON.parse(s.getItem(${JSON.stringify(EARLY_CALLS_KEY)})||'{}')[location.pathname];` +
    `if(!t||!Array.isArray(c)||/[#&]tgWebAppStartParam=|[?&]startapp=/.test(location.href))return;` +
    `window[${JSON.stringify(EARLY_CALLS_GLOBAL)}]=c.filter(function(x){return x&&typeof x.path==='string'&&x.path.indexOf('/api/')===0}).map(function(x){` +
    `var h=${JSON.stringify(API_CLIENT_HEADERS)};h.Authorization='Bearer '+t;` +
    `if(typeof x.body==='string')h['Content-Type']='application/json';` +
    `var r=fetch(x.path,{method:x.method,headers:h,body:typeof x.body==='string'?x.body:undefined});` +
    `r.catch(function(){});` +
    `return{method:x.method,path:x.path,body:x.body,token:t,response:r}});` +
    `var fp=document.querySelector('meta[name=${FIRST_PAINT_META}]'),fs=fp&&fp.getAttribute('content');` +
    `if(fs&&/^\\/[\\w\\/.-]+\\.js$/.test(fs)&&fs.indexOf('..')===-1){` +
    `window[${JSON.stringify(FIRST_PAINT_READY)}]=new Promise(function(d){window[${JSON.stringify(FIRST_PAINT_DONE)}]=d;setTimeout(d,${FIRST_PAINT_WAIT_MS})});` +
    `var ps=document.createElement('script');ps.src=fs;document.head.appendChild(ps)}` +
    `var m=JSON.parse(s.getItem(${JSON.stringify(EARLY_MODULES_KEY)})||'{}')[location.pathname],` +
    `e=document.querySelector('script[type=module][src]'),src=e&&e.getAttribute('src');` +
    `if(!m||!src||m.entry!==src||!Array.isArray(m.files))return;` +
    `var dir=src.slice(0,src.lastIndexOf('/')+1);` +
    `m.files.slice(0,40).forEach(function(f){` +
    `if(typeof f!=='string'||f.indexOf(dir)!==0||/["\\\\]|\\.\\./.test(f)||document.querySelector('link[href="'+f+'"]'))return;` +
    `var l=document.createElement('link'),js=/\\.js$/.test(f);` +
    `if(!js&&!/\\.css$/.test(f))return;` +
    `l.rel=js?'modulepreload':'stylesheet';l.crossOrigin='';l.href=f;document.head.appendChild(l)})` +
    `}catch(e){}})()`
  );
}
