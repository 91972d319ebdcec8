// Downloads a label file through fetch, so a refusal (plan, rate) is shown, not saved.
import { ApiError } from './api';

export async function downloadFile(path: string, filename: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', 'The service cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    let message = `The download failed (HTTP ${response.status}).`;
    let code = `http_${response.status}`;
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      message = body.error?.message ?? message;
      code = body.error?.code ?? code;
    } catch {
      // keep the generic message
    }
    throw new ApiError(response.status, code, message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob.type;
}

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'label';
}
