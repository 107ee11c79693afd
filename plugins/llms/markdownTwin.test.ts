import {describe, expect, it} from 'vitest';
import {markdownTwin, SANDBOX_NOTE} from './index';

describe('markdownTwin', () => {
  const source = [
    '---',
    'title: Segments',
    'checked:',
    '  - unleash-server@8.2.0',
    '---',
    "import Tabs from '@theme/Tabs';",
    '',
    'Open <UiLabel>Segments</UiLabel> and choose <UiLabel app="Okta">Save</UiLabel>.',
    '',
    '<EvaluationSandbox example="constraints">',
    '</EvaluationSandbox>',
    '',
    'After the sandbox.',
  ].join('\n');

  it('drops front matter and imports, heads the page with its title and bolds screen labels', () => {
    const twin = markdownTwin(source, 'Segments');
    expect(twin.startsWith('# Segments\n\nOpen **Segments** and choose **Save**.')).toBe(true);
    expect(twin).not.toContain('checked:');
    expect(twin).not.toContain('import Tabs');
  });

  it('says in words what the page embeds where the evaluation sandbox is, instead of the raw tag', () => {
    const twin = markdownTwin(source, 'Segments');
    expect(twin).not.toContain('EvaluationSandbox');
    expect(twin).toContain(`${SANDBOX_NOTE}\n\nAfter the sandbox.`);
  });
});
