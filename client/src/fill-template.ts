/**
 * Puts each part into the page template at its placeholder, literally. Not
 * `String.replace(placeholder, text)`: that reads `$&`, `` $` ``, `$'` and `$$` in the text as
 * replacement patterns, and a listing's description is visitor text.
 */
export function fillTemplate(template: string, parts: Record<string, string>): string {
  let html = template;
  for (const [placeholder, text] of Object.entries(parts)) {
    const at = html.indexOf(placeholder);
    if (at === -1) continue;
    html = html.slice(0, at) + text + html.slice(at + placeholder.length);
  }
  return html;
}
