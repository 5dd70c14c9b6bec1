/**
 * The page's code is fetched and started after its first paint. A server-rendered page reads and
 * looks complete without scripts, so the browser should show it first: the stylesheet and the first
 * screen's pictures get the connection, then the code comes (React Router's module script, which
 * loads the route modules and hydrates). Without this, some forty module preloads in the head share
 * the connection with the largest picture, and on a fast connection the code arrives and runs before
 * the first frame, holding the page back by its evaluation and hydration (Lighthouse's lab model,
 * which cannot see when a module runs, counts every module fetched before the largest paint as
 * blocking it). The cost: the code starts coming about one round trip later than it could.
 *
 * The server sends React Router's module script inert (`DEFERRED_SCRIPT_TYPE`), with the module
 * preloads React had put in the head listed on it (`PRELOADS_ATTRIBUTE`); this script, inline after
 * it, adds the preloads and puts the module script back once the browser reports the first contentful
 * paint as shown (a Paint Timing entry carries the time the frame was presented); at once in a hidden
 * tab (which paints nothing) or without Paint Timing; after `LATEST_START_MS` at most. The replacement
 * is the element React Router renders, so hydration finds what it expects.
 */
export const DEFERRED_SCRIPT_TYPE = 'text/x-marketkit-after-first-paint';
export const PRELOADS_ATTRIBUTE = 'data-preloads';

/** The longest the code waits for the first paint (nothing may hold hydration back for long). */
export const LATEST_START_MS = 1000;

export const START_AFTER_FIRST_PAINT = `(function(){
var waiting=document.querySelector('script[type="${DEFERRED_SCRIPT_TYPE}"]');if(!waiting)return;
var started=false;function start(){if(started)return;started=true;
var preloads=[];try{preloads=JSON.parse(waiting.getAttribute('${PRELOADS_ATTRIBUTE}')||'[]')}catch(e){}
var links=document.createDocumentFragment();preloads.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;links.appendChild(link)});document.head.appendChild(links);
var s=document.createElement('script');s.type='module';s.async=true;if(waiting.nonce)s.nonce=waiting.nonce;s.textContent=waiting.textContent;waiting.replaceWith(s)}
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(document.visibilityState==='hidden'||types.indexOf('paint')<0){start();return}
new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true});
setTimeout(start,${LATEST_START_MS});
})();`;
