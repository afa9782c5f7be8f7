import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from './specMessages';

/**
 * The specification's wording is the product's wording. Every message both specifications quote and the product
 * shows (specMessages.ts) must be quoted in the spec exactly as listed here, and written in the product's code
 * exactly once: one constant that every screen and route imports, so the words cannot drift apart between a route
 * and the screen that shows its error. Code means string literals and JSX text of non-test sources; comments and
 * documentation may quote a message as often as they like.
 */
const root = path.resolve(import.meta.dirname, '../..');
const specDir = path.resolve(root, '../shared/spec');
const specText = fs.readdirSync(specDir).filter((f) => f.endsWith('.txt')).map((f) => fs.readFileSync(path.join(specDir, f), 'utf8')).join('\n');

const SOURCE_ROOTS = ['core', 'plugins', 'src'];
const isProductSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|\.d\.ts$/.test(file)
  && !/[\\/](testing|evaluation|fixtures|node_modules)[\\/]/.test(file) && !/[\\/]testing\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(full);
    return isProductSource(full) ? [full] : [];
  });
}

/** The text of every string literal, template (each substitution written as {}) and JSX text in one file. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) out.push(node.text.replace(/\s+/g, ' ').trim() === '' ? '' : node.text);
    else if (ts.isTemplateExpression(node)) {
      out.push(node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join(''));
      node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter(Boolean);
}

const literals = SOURCE_ROOTS.flatMap((r) => sourceFiles(path.join(root, r))).flatMap((file) =>
  literalsOf(file).map((text) => ({ file: path.relative(root, file), text })));

/** `text` holds `words` as whole words: 'Unavailable' is not written by 'CommandUnavailableError'. */
function containsWords(text: string, words: string): boolean {
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
  for (let i = text.indexOf(words); i >= 0; i = text.indexOf(words, i + 1)) {
    if (!isWordChar(text[i - 1]) && !isWordChar(text[i + words.length])) return true;
  }
  return false;
}

/** A literal writes a message when it contains it and no longer listed message that itself contains the message. */
const codeForms = SPEC_MESSAGES.map((m) => m.code ?? m.spec);
function writersOf(code: string) {
  const longer = codeForms.filter((other) => other !== code && other.includes(code));
  return literals.filter((l) => containsWords(l.text, code) && !longer.some((o) => containsWords(l.text, o)));
}

describe('the specification\'s quoted messages', () => {
  it.each(SPEC_MESSAGES.map((m) => [m.spec, m]))('%s is quoted in the spec as listed', (_, m) => {
    expect(specText).toContain(m.spec);
  });

  it.each(SPEC_MESSAGES.map((m) => [m.spec, m]))('%s is written in the code exactly once', (_, m) => {
    const writers = writersOf(m.code ?? m.spec);
    expect(writers.map((w) => w.file), `written in: ${writers.map((w) => `${w.file}: ${JSON.stringify(w.text)}`).join('; ')}`).toHaveLength(1);
  });
});
