/** A 5×5 mirrored identicon in SVG from a hex seed (the hash of an email). */
export function identiconSvg(seedHex: string): string {
  const bytes = seedHex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  const at = (index: number) => bytes[index % Math.max(bytes.length, 1)] ?? 0;
  const hue = Math.round((at(0) * 256 + at(1)) % 360);
  const foreground = `hsl(${hue} 62% 46%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 3; column++) {
      if (at(2 + row * 3 + column) % 2 === 0) continue;
      for (const x of new Set([column, 4 - column])) {
        cells.push(`<rect x="${x * 10 + 5}" y="${row * 10 + 5}" width="10" height="10"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60"><rect width="60" height="60" fill="hsl(${hue} 60% 94%)"/><g fill="${foreground}">${cells.join("")}</g></svg>`;
}
