import { useNonce } from "~/lib/nonce";

// The quote form works as a plain HTML form (the /contato action answers with the whole page).
// With JavaScript this small script does the same post with fetch, so the page does not
// reload: the button is disabled and reads 'Enviando...', then the form, the notification and
// the confirmation that stays once a request is sent are taken from the returned HTML (the
// server renders them, so markup and messages live in one place); focus goes to that
// confirmation, whose "Enviar outro pedido" is a plain link to the form's first field. A
// failed request keeps what the visitor typed; when the server cannot be reached at all, the
// failure toast from <template id="quote-toast-failure"> appears.
// See docs/decisions/0006-quote-form-without-hydration.md.
export const quoteFormScript = `(function(){
var region=document.getElementById("quote-toasts");
if(!region||!window.fetch||!window.DOMParser||!window.URLSearchParams)return;
region.setAttribute("data-enhanced","");
var fields=["name","email","phone","condominium","service","message"],busy=false,timer;
function reveal(root){root.querySelectorAll("[data-toast-close]").forEach(function(b){b.hidden=false;});}
function dismissLater(){clearTimeout(timer);timer=setTimeout(function(){
var t=region.querySelector("[data-toast=success]");if(!t)return;
if(region.matches(":hover")||region.contains(document.activeElement))return dismissLater();
t.remove();},5000);}
function show(toasts){region.textContent="";
toasts.forEach(function(t){t.removeAttribute("autofocus");t.removeAttribute("tabindex");
var kids=[].slice.call(t.childNodes);t.textContent="";region.appendChild(t);
setTimeout(function(){kids.forEach(function(k){t.appendChild(k);});reveal(t);},50);});
dismissLater();}
reveal(region);if(region.querySelector("[data-toast=success]"))dismissLater();
region.addEventListener("click",function(e){var b=e.target instanceof Element&&e.target.closest("[data-toast-close]");
if(!b)return;var t=b.closest("[data-toast]");if(t)t.remove();});
document.addEventListener("submit",function(e){
var form=e.target;
if(!(form instanceof HTMLFormElement)||!form.hasAttribute("data-quote-form")||e.defaultPrevented)return;
e.preventDefault();if(busy)return;busy=true;
var button=form.querySelector("button[type=submit]"),label=button?button.textContent:"";
if(button){button.disabled=true;button.textContent="Enviando...";}
form.setAttribute("aria-busy","true");
var typed=new FormData(form);
fetch(form.action,{method:"POST",body:new URLSearchParams(typed),headers:{Accept:"text/html"},credentials:"same-origin"})
.then(function(r){return r.text().then(function(html){return{ok:r.ok,html:html};});})
.then(function(res){
var doc=new DOMParser().parseFromString(res.html,"text/html");
var next=doc.getElementById("quote-form"),notes=doc.getElementById("quote-toasts");
if(!next||!notes)throw new Error("unexpected response");
next=document.importNode(next,true);
next.querySelectorAll("[autofocus]").forEach(function(el){el.removeAttribute("autofocus");});
form.replaceWith(next);
if(!res.ok)fields.forEach(function(n){var f=next.elements.namedItem(n),v=typed.get(n);if(f&&typeof v==="string")f.value=v;});
show([].slice.call(notes.children).map(function(t){return document.importNode(t,true);}));
var sent=doc.getElementById("quote-confirmation"),here=document.getElementById("quote-confirmation"),panel=null;
if(sent&&here){here.textContent="";[].slice.call(sent.childNodes).forEach(function(k){here.appendChild(document.importNode(k,true));});
here.querySelectorAll("[autofocus]").forEach(function(el){el.removeAttribute("autofocus");});
panel=here.querySelector("[data-quote-confirmation]");}
var target=panel||next.querySelector("[aria-invalid=true]")||next.querySelector("button[type=submit]");
if(target)target.focus();
busy=false;})
.catch(function(){
if(button){button.disabled=false;button.textContent=label;}
form.removeAttribute("aria-busy");
var tpl=document.getElementById("quote-toast-failure"),t=tpl&&tpl.content.firstElementChild;
show(t?[document.importNode(t,true)]:[]);
busy=false;});
});
})();`;

export function QuoteFormScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: quoteFormScript }} />;
}
