import { describe, expect, it } from 'vitest';
import { checkPatternText } from '../../server/astedit/napiBackend';
import type { LanguageId } from '../../server/astedit/languages';

describe('pattern checks in the target language', () => {
  const valid: [LanguageId, string][] = [
    ['typescript', 'console.log($$$ARGS)'],
    ['typescript', 'if ($C) { $$$BODY }'],
    ['typescript', 'const $X = require($M)'],
    ['tsx', '<Button onClick={$H} />'],
    ['javascript', '$A && $A()'],
    ['python', 'print($$$A)'],
    ['python', 'def $F($$$P):\n    $$$B'],
    ['python', 'with open($P) as $F:\n    $$$BODY'],
    ['go', 'fmt.Println($A, $B)'],
    ['rust', 'println!($$$A)'],
    ['rust', '$X.unwrap()'],
    ['java', 'System.out.println($A)'],
    ['yaml', '$K: $V'],
    ['json', '{"a": $V}'],
    ['bash', 'echo $A'],
    ['css', 'color: $V'],
    ['html', '<div class=$C>$$$X</div>'],
  ];
  for (const [lang, pat] of valid) {
    it(`accepts ${lang} ${JSON.stringify(pat)}`, () => {
      const check = checkPatternText(lang, pat);
      expect(check.unavailable).toBeUndefined();
      expect(check.compileError).toBeUndefined();
      expect(check.syntaxError).toBeUndefined();
      expect(check.notWholeNode).toEqual([]);
    });
  }

  it('reports patterns that do not parse, or parse only with invented tokens', () => {
    expect(checkPatternText('typescript', 'foo(').syntaxError).toBeDefined();
    expect(checkPatternText('typescript', 'if ($C) {').syntaxError).toMatchObject({ missing: '}' });
    expect(checkPatternText('python', 'def f(:').syntaxError).toBeDefined();
    expect(checkPatternText('typescript', 'a; b').compileError).toContain('Multiple AST nodes');
    expect(checkPatternText('typescript', '$$$').compileError).toBeDefined();
    expect(checkPatternText('json', '{"a": 1').syntaxError).toBeDefined();
  });

  it('reports metavariables that are part of a larger token', () => {
    expect(checkPatternText('typescript', 'prefix$VAR').notWholeNode.map((t) => t.text)).toEqual(['$VAR']);
    expect(checkPatternText('typescript', 'log("hello $NAME")').notWholeNode.map((t) => t.text)).toEqual(['$NAME']);
    expect(checkPatternText('python', 'f(a$X)').notWholeNode.map((t) => t.text)).toEqual(['$X']);
  });

  it('collects the literal words every match contains', () => {
    expect(checkPatternText('typescript', 'console.log($$$ARGS)').literals.sort()).toEqual(['console', 'log']);
    expect(checkPatternText('python', 'print($$$A)').literals).toEqual(['print']);
  });
});
