// How both browser scripts start Debian's Chromium: headless, no sandbox (CI runs as root),
// and nothing that reaches out to Google's services on its own, so every request a test sees
// is one the page made. CHROMIUM overrides the binary.
export function chromiumOptions(extraArgs = []) {
  return {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  };
}
