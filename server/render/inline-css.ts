import { readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The built template with its stylesheets written into the page
 * (docs/decisions/0071-slow-networks.md). On a slow mobile link the stylesheet was the one thing
 * between the server's HTML and the first paint: one more round trip (400 ms on the slow profile),
 * its bytes shared with the scripts requested at the same moment. It is about 9 KB compressed, and
 * later pages come through the app without loading a document, so writing it into each page costs
 * less than it saves. Asset URLs in the stylesheet are absolute (/assets/...), so they stay valid
 * inline.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(STYLESHEET, (link, href: string) => {
    const css = readFileSync(path.join(clientDir, href), 'utf8');
    // A stylesheet that could end the element early stays a link.
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}
