// The server's SVG drawing of a label object (POST /functions/v1/export-label with
// `extra.preview`: an SVG on every plan, watermarked where the plan's exports are).
import { requestText } from './api';
import type { Label } from './types';

export function drawLabel(label: Label, width = 320): Promise<string> {
  const frontOfPack = Boolean(label.front_of_pack?.length);
  return requestText('POST', '/functions/v1/export-label', {
    body: { fileType: 'svg', data: label, extra: { width, preview: true, front_of_pack: frontOfPack } },
  });
}
