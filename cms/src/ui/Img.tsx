import { useState } from 'preact/hooks';

/**
 * An image from a URL someone typed: while it loads, and if it fails (gone, not https, refused by the CSP),
 * a neat placeholder takes its place instead of the browser's broken-image icon.
 */
export function Img({ src, alt, size }: { src?: string | null; alt: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span class="img-placeholder" data-size={size} role={alt ? 'img' : undefined} aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M3 5h18v14H3zm2 2v10h14V7zm1 9 3.5-4.5 2.5 3 2-2 3 3.5zm9-6.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0z" /></svg>
      </span>
    );
  }
  return <img src={src} alt={alt} width={size} height={size} loading="lazy" class="thumb" onError={() => setFailed(src)} />;
}
