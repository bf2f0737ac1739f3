import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import subsetFont from 'subset-font';

/**
 * Text in the PDFs the console makes, printed as written whatever the script (decision 027). The standard Helvetica
 * speaks WinAnsi only ("Zoë Ångström" became "Zoe Angstrom", Иван Петров question marks), so the console embeds the
 * Noto families: Noto Sans (Latin, Greek, Cyrillic), then Arabic, Hebrew, Simplified Chinese (with Japanese kana) and
 * Korean. Each character is drawn in the first font of the chain that has it, and a font is embedded only when the
 * document uses it, cut down to the characters it draws: a PDF stays a few dozen kilobytes.
 *
 * Subsetting: HarfBuzz (`subset-font`) for the Latin and CJK faces, whose glyphs pdf-lib's own subsetter lost (most
 * letters drew as blanks); pdf-lib's (fontkit) for Arabic and Hebrew, which keeps the contextual forms it shapes with.
 */

const require = createRequire(import.meta.url);
type Subsetter = 'harfbuzz' | 'fontkit';
const FONTS = {
  latin: ['@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', 'harfbuzz'],
  latinBold: ['@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf', 'harfbuzz'],
  arabic: ['@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf', 'fontkit'],
  arabicBold: ['@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf', 'fontkit'],
  hebrew: ['@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf', 'fontkit'],
  hebrewBold: ['@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf', 'fontkit'],
  // One weight of each CJK face (10 MB and 6 MB): a bold line in these scripts is drawn in the regular weight.
  chinese: ['@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', 'harfbuzz'],
  korean: ['@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf', 'harfbuzz'],
} as const satisfies Record<string, readonly [string, Subsetter]>;
type FontName = keyof typeof FONTS;

export type Weight = 'regular' | 'bold';
const CHAINS: Record<Weight, readonly FontName[]> = {
  regular: ['latin', 'arabic', 'hebrew', 'chinese', 'korean'],
  bold: ['latinBold', 'arabicBold', 'hebrewBold', 'chinese', 'korean'],
};

interface Face {
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}
/** Each font file read and parsed once per process, when a document first needs it. */
const faces = new Map<FontName, Face>();
function face(name: FontName): Face {
  let found = faces.get(name);
  if (!found) {
    const bytes = readFileSync(require.resolve(FONTS[name][0]));
    const parsed = fontkit.create(bytes);
    found = { bytes, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    faces.set(name, found);
  }
  return found;
}

const NO_LIGATURES = { liga: false, clig: false, dlig: false, hlig: false };

/** What no font of the chain can draw (a control character, an unassigned code point) is printed as this. */
const MISSING = '?';
/** Line breaks and tabs are spaces on a line. */
const flat = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

/** Which font of the chain draws each character of the text, in runs. */
function split(text: string, weight: Weight): { text: string; name: FontName }[] {
  const chain = CHAINS[weight];
  const runs: { text: string; name: FontName }[] = [];
  for (const char of flat(text)) {
    const name = chain.find((candidate) => face(candidate).has(char.codePointAt(0) ?? 0));
    const last = runs.at(-1);
    // A space goes with the run it is in: every face has one.
    if (last && (last.name === name || (name && /\s/.test(char)))) last.text += char;
    else if (name) runs.push({ text: char, name });
    else if (last) last.text += MISSING;
    else runs.push({ text: MISSING, name: chain[0] ?? 'latin' });
  }
  return runs;
}

/** The fonts of one document, embedded for the texts it will draw. */
export class PdfText {
  private constructor(private readonly fonts: ReadonlyMap<FontName, PDFFont>) {}

  /** Embeds, cut down to their characters, the fonts that every text the document will draw needs. */
  static async for(pdf: PDFDocument, texts: Iterable<{ text: string; weight: Weight }>): Promise<PdfText> {
    pdf.registerFontkit(fontkit);
    const used = new Map<FontName, Set<string>>();
    for (const { text, weight } of texts)
      for (const run of split(text, weight)) {
        const chars = used.get(run.name) ?? new Set([' ', MISSING]);
        for (const char of run.text) chars.add(char);
        used.set(run.name, chars);
      }
    const fonts = new Map<FontName, PDFFont>();
    for (const [name, chars] of used) {
      const bytes = face(name).bytes;
      fonts.set(
        name,
        FONTS[name][1] === 'harfbuzz'
          ? await pdf.embedFont(await subsetFont(bytes, [...chars].join(''), { targetFormat: 'truetype' }), {
              // No ligatures: a reader copying "confirmed" got "con3rmed" from the fi glyph.
              features: NO_LIGATURES,
            })
          : await pdf.embedFont(bytes, { subset: true }),
      );
    }
    return new PdfText(fonts);
  }

  #runs(text: string, weight: Weight): { text: string; font: PDFFont }[] {
    return split(text, weight).map((run) => {
      const font = this.fonts.get(run.name);
      if (!font) throw new Error(`"${text}" was not given to PdfText.for, so its fonts are not embedded`);
      return { text: run.text, font };
    });
  }

  /** The width of the text at a size, across its runs. */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    let width = 0;
    for (const run of this.#runs(text, weight)) width += run.font.widthOfTextAtSize(run.text, size);
    return width;
  }

  /**
   * Draws the text from (x, y), wrapped at spaces to `maxWidth`, and returns how many lines it took; each further
   * line is `lineHeight` lower.
   */
  draw(
    page: PDFPage,
    text: string,
    options: {
      x: number;
      y: number;
      size: number;
      weight: Weight;
      color: Color;
      maxWidth: number;
      lineHeight: number;
    },
  ): number {
    const lines = this.#wrap(text, options.size, options.weight, options.maxWidth);
    for (const [index, line] of lines.entries()) {
      let x = options.x;
      const y = options.y - index * options.lineHeight;
      for (const run of this.#runs(line, options.weight)) {
        page.drawText(run.text, { x, y, size: options.size, font: run.font, color: options.color });
        x += run.font.widthOfTextAtSize(run.text, options.size);
      }
    }
    return lines.length;
  }

  #wrap(text: string, size: number, weight: Weight, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of flat(text).split(' ').filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (!line || this.width(next, size, weight) <= maxWidth) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [''];
  }
}
