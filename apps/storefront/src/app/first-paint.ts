/**
 * The page's code starts after its first paint. A server-rendered page reads and looks complete
 * without scripts, so the browser should show it first: fetching the code (at low priority: the
 * stylesheet and the pictures first) and running it (React Router's module script, which loads the
 * route modules and hydrates) come after. Without this, a fast connection delivers the scripts before
 * the first frame and the browser runs them first, holding the page back by the time it takes to
 * evaluate and hydrate (and a lab run then counts every script as blocking the first paint).
 *
 * The server writes React Router's module script inert (`DEFERRED_SCRIPT_TYPE`); this script, inline
 * after it, puts it back as a module script once the browser reports the first contentful paint as
 * shown (a Paint Timing entry carries the time the frame was presented), at once in a hidden tab
 * (which paints nothing) or without Paint Timing, and after `LATEST_START_MS` at most. The replacement
 * is the same element React Router renders, so hydration finds what it expects.
 */
export const DEFERRED_SCRIPT_TYPE = 'text/x-marketkit-after-first-paint';

/** The longest the code waits for the first paint (nothing may hold hydration back for long). */
export const LATEST_START_MS = 1000;

export const START_AFTER_FIRST_PAINT = `(function(){
var waiting=document.querySelector('script[type="${DEFERRED_SCRIPT_TYPE}"]');if(!waiting)return;
var started=false;function start(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.async=true;if(waiting.nonce)s.nonce=waiting.nonce;s.textContent=waiting.textContent;waiting.replaceWith(s)}
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(document.visibilityState==='hidden'||types.indexOf('paint')<0){start();return}
new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true});
setTimeout(start,${LATEST_START_MS});
})();`;
