// The in-page tiers' stylesheet, in their extension-origin frame: transparent around the banner, which fills the frame's width.
export const TOAST_CSS = `
:root{color-scheme:light dark;background:transparent}
html,body{margin:0;padding:0;background:transparent;overflow:hidden}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;color:#1f2328}
.frame{padding:16px}
*{box-sizing:border-box;margin:0;font:inherit;color:inherit}
.t{--bg:#fff;--fg:#1f2328;--mute:#57606a;--line:#d0d7de;--accent:#0b57d0;--accent-fg:#fff;--warn:#b3261e;
display:block;width:100%;padding:14px 16px;border-radius:12px;background:var(--bg);color:var(--fg);
border:1px solid var(--line);box-shadow:0 8px 28px rgba(0,0,0,.18);animation:in .16s ease-out}
.t[data-tier=drift]{border-left:4px solid var(--warn)}
.t[data-tier=nudge]{--bg:#f6f8fa}
.h{display:block;font-weight:600;margin-bottom:4px}
.t[data-tier=drift] .h{color:var(--warn)}
.t[data-tier=nudge] .h{color:var(--mute);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.m{display:block;margin-bottom:6px;overflow-wrap:anywhere}
.k{display:block;color:var(--mute);font-size:12px;margin-bottom:10px;overflow-wrap:anywhere}
.a{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}
button{display:inline-block;cursor:pointer;border-radius:8px;padding:6px 12px;border:1px solid var(--line);
background:transparent;color:var(--fg);font-weight:500}
button.p{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
button:hover{filter:brightness(.95)}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
@media (prefers-color-scheme:dark){body{color:#e6edf3}
.t{--bg:#1c2128;--fg:#e6edf3;--mute:#9da7b3;--line:#3d444d;--accent:#8ab4f8;--accent-fg:#0d1117;--warn:#f28b82}
.t[data-tier=nudge]{--bg:#22272e}}
@media (prefers-reduced-motion:reduce){.t{animation:none}}
@keyframes in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
`;
