/** The first thing a keyboard reaches on every frame (public, admin, portal): a jump past the header to `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}
