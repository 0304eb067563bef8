import { useNonce } from "~/lib/nonce";

// "Carregar Mais Artigos" is a plain link (?mostrar=8) that works without JavaScript. With
// JavaScript, this fetches the next state's HTML and swaps the results in place: no reload,
// and no framework bundle on the blog list (about 1 KB instead of ~120 KB).
export const loadMoreScript = `(function(){
var busy=false;
document.addEventListener("click",function(e){
var a=e.target instanceof Element&&e.target.closest("a[data-load-more]");
if(!a||busy||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
e.preventDefault();busy=true;
var status=document.getElementById("blog-status");
if(status)status.textContent="Carregando artigos...";
fetch(a.href,{headers:{Accept:"text/html"}}).then(function(r){if(!r.ok)throw new Error(String(r.status));return r.text();}).then(function(html){
var next=new DOMParser().parseFromString(html,"text/html").getElementById("blog-results");
var current=document.getElementById("blog-results");
if(!next||!current)throw new Error("no results");
current.replaceWith(next);
history.pushState({blog:true},"",a.href.split("#")[0]);
var first=a.hash&&document.getElementById(a.hash.slice(1));
var link=first&&first.querySelector("a");
if(link)link.focus({preventScroll:true});
if(status)status.textContent="";busy=false;
}).catch(function(){location.href=a.href;});
});
window.addEventListener("popstate",function(){location.reload();});
})();`;

export function LoadMoreScript() {
  const nonce = useNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loadMoreScript }} />;
}
