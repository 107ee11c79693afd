/**
 * What the built pages give a stylesheet to match: the tag, class, id and attributes of every
 * element, as the browser's tokenizer reads them, and the words of the inline scripts that
 * run. Text is left out, so a word of prose never passes for a class name.
 */
import type {ExtractorResultDetailed} from 'purgecss';
import {isExecutable, startTags} from '../security-headers/html';

const WORD = /[A-Za-z0-9_-]+/g;

export class PageTokens {
  private readonly tags = new Set<string>();
  private readonly classes = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly attributeNames = new Set<string>();
  private readonly attributeValues = new Set<string>();
  private readonly scriptWords = new Set<string>();

  add(html: string): this {
    for (const {name, attributes, text} of startTags(html)) {
      this.tags.add(name);
      for (const [attribute, value] of attributes) {
        this.attributeNames.add(attribute);
        this.attributeValues.add(value);
        if (attribute === 'class') for (const className of value.split(/\s+/)) if (className) this.classes.add(className);
        if (attribute === 'id') this.ids.add(value);
      }
      if (name === 'script' && text !== undefined && !attributes.has('src') && isExecutable(attributes)) {
        for (const word of text.match(WORD) ?? []) this.scriptWords.add(word);
      }
    }
    return this;
  }

  /** The pages' tokens in PurgeCSS's terms; the inline scripts' words are "undetermined", like any script's. */
  result(): ExtractorResultDetailed {
    return {
      tags: [...this.tags],
      classes: [...this.classes],
      ids: [...this.ids],
      attributes: {names: [...this.attributeNames], values: [...this.attributeValues]},
      undetermined: [...this.scriptWords],
    };
  }
}
