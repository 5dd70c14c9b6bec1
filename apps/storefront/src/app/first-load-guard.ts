/**
 * Spec §2's rule for the page's own first screen: React Router's module script imports the route
 * modules the server rendered, and a failed import means nothing runs at all. This script, inline in
 * the head (it carries the response's nonce), catches that failure: one reload, guarded by the same
 * session flag as later screens (app/route-modules.ts); offline, it waits for the connection instead;
 * a second failure says so over the page the server rendered (still readable, its links still work).
 */
export const FIRST_LOAD_GUARD = `(function(){
var KEY='marketkit_chunk_reload';
function text(key,fallback){try{var t=JSON.parse(document.getElementById('marketkit-texts').textContent);return (t.resources[t.language]&&t.resources[t.language].common&&t.resources[t.language].common[key])||(t.resources.en&&t.resources.en.common&&t.resources.en.common[key])||fallback}catch(e){return fallback}}
function failed(){var box=document.createElement('div');box.setAttribute('role','alert');box.style.cssText='padding:1rem;background:#fff;color:#000;border-bottom:1px solid #0002;text-align:center';var h=document.createElement('h1');h.textContent=text('screen_failed','This screen could not be loaded');h.style.cssText='font-weight:700;font-size:1.25rem';var b=document.createElement('button');b.type='button';b.textContent=text('retry','Try again');b.style.cssText='margin-top:.5rem;text-decoration:underline';b.addEventListener('click',function(){location.reload()});box.append(h,b);document.body.prepend(box)}
addEventListener('error',function(event){var el=event.target;if(!el||el.tagName!=='SCRIPT'||el.type!=='module')return;var seen=true;try{seen=sessionStorage.getItem(KEY)!==null;if(seen)sessionStorage.removeItem(KEY);else sessionStorage.setItem(KEY,'1')}catch(e){}
if(seen){if(document.body)failed();else addEventListener('DOMContentLoaded',failed);return}
if(navigator.onLine===false)addEventListener('online',function(){location.reload()},{once:true});else location.reload()},true);
})();`;

/** The flag of the rule above, cleared once a page's code has started. */
export const CHUNK_RELOAD_FLAG = 'marketkit_chunk_reload';
