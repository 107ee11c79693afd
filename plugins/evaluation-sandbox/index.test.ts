import {compile} from '@mdx-js/mdx';
import rehypeRaw from 'rehype-raw';
import {describe, expect, it} from 'vitest';
import rehypeEvaluationSandbox from '.';

// What Docusaurus does for .md pages: CommonMark with HTML read by rehype-raw, MDX nodes passed through.
const RAW = [rehypeRaw, {passThrough: ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm']}] as const;

async function md(source: string): Promise<string> {
  return String(await compile(source, {format: 'md', providerImportSource: '@mdx-js/react', rehypePlugins: [RAW as never, rehypeEvaluationSandbox]}));
}

const IMPORT = /import EvaluationSandbox from ["']@site\/src\/components\/EvaluationSandbox["'];/;

describe('rehype-evaluation-sandbox', () => {
  it('turns the tag of a Markdown page into the imported component, in each way it can be written', async () => {
    for (const tag of ['<EvaluationSandbox example="stickiness">\n</EvaluationSandbox>', '<EvaluationSandbox example="stickiness"></EvaluationSandbox>', '<EvaluationSandbox example="stickiness" />']) {
      const out = await md(`## Try it\n\nText.\n\n${tag}\n\n## Next\n\nMore text.\n`);
      expect(out, tag).toMatch(IMPORT);
      expect(out, tag).toMatch(/_jsx\(EvaluationSandbox, \{\s*example: "stickiness"\s*\}\)/);
      expect(out, tag).not.toContain('evaluationsandbox');
      // The next section is a sibling, not swallowed by the tag or wrapped in a paragraph.
      expect(out, tag).toMatch(/_jsx\(EvaluationSandbox, \{\s*example: "stickiness"\s*\}\),(?: "\\n",)? _jsx\(_components\.h2/);
    }
  });

  it('leaves pages without the tag alone', async () => {
    expect(await md('## Title\n\nNo sandbox here.\n')).not.toContain('EvaluationSandbox');
  });

  it('adds the import to an MDX page that uses the component without one, and only once', async () => {
    const mdx = async (source: string) => String(await compile(source, {providerImportSource: '@mdx-js/react', rehypePlugins: [rehypeEvaluationSandbox]}));
    const without = await mdx('# Hi\n\n<EvaluationSandbox example="constraints" />\n');
    expect(without).toMatch(IMPORT);
    expect(without).toMatch(/_jsx\(EvaluationSandbox, \{\s*example: "constraints"\s*\}\)/);
    const withImport = await mdx("import EvaluationSandbox from '@site/src/components/EvaluationSandbox';\n\n<EvaluationSandbox example=\"constraints\" />\n");
    expect(withImport.split('@site/src/components/EvaluationSandbox').length).toBe(2);
  });
});
