import qrcode from 'qrcode-generator';

// docs/accounts.md: the TOTP URI as a QR code for an authenticator app to scan, drawn here as an SVG (a
// small library of no dependencies: the browser's first screen stays as it is) and sent as a data: URL,
// which the Content-Security-Policy allows for images.

export function qrCodeDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
