/** The document a frame shows: the HTML body in a readable mail-like style. */
function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;margin:12px;overflow-wrap:anywhere}
p{margin:0 0 12px}a{color:#1677ff}img{max-width:100%;height:auto}
</style></head><body>${html}</body></html>`;
}

/**
 * An e-mail's HTML in a sandboxed frame (sandbox="": no scripts, no forms, no navigation, no
 * same-origin access), so what a message carries can never act on the app.
 */
export function HtmlFrame({ html, title, height = 320 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={frameDocument(html)}
      style={{ width: '100%', height, border: 0, display: 'block', background: '#fff' }}
    />
  );
}
