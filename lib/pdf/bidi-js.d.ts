// bidi-js 1.1.0 ships ES-style typings (`export default`) for a CommonJS build; under
// "module": "nodenext" TypeScript then types the default import as the module object.
// This declaration describes what Node really gives: module.exports is the factory.
declare module 'bidi-js' {
  interface EmbeddingLevels {
    levels: Uint8Array;
    paragraphs: Array<{ start: number; end: number; level: number }>;
  }
  interface Bidi {
    getEmbeddingLevels(text: string, baseDirection?: 'ltr' | 'rtl' | 'auto'): EmbeddingLevels;
    getReorderSegments(text: string, levels: EmbeddingLevels, start?: number, end?: number): number[][];
    getMirroredCharacter(char: string): string | null;
    getBidiCharTypeName(char: string): string;
  }
  function bidiFactory(): Bidi;
  export = bidiFactory;
}
