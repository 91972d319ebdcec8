import { useEffect, useRef } from 'preact/hooks';

/**
 * The server's SVG drawing of a label, shown inline (so its text is real text for screen
 * readers and tests). The markup comes from our own renderer; it is still parsed as SVG
 * and stripped of anything active before it enters the page.
 */
export function LabelSvg({ svg, class: className }: { svg: string; class?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const node = parseSvg(svg);
    host.replaceChildren(...(node ? [node] : []));
  }, [svg]);
  return <div ref={ref} class={`label-svg ${className ?? ''}`} data-testid="label-svg" />;
}

function parseSvg(text: string): Element | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.nodeName.toLowerCase() !== 'svg') return null;
  for (const bad of Array.from(root.querySelectorAll('script, foreignObject'))) bad.remove();
  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) {
      const value = attr.value.trim().toLowerCase();
      if (attr.name.toLowerCase().startsWith('on') || value.startsWith('javascript:')) el.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}
