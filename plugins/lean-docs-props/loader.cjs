/**
 * Rspack loader for the docs plugin's route props (`.docusaurus/docusaurus-plugin-content-docs/
 * <id>/p/*.json`). Those props reach every docs page in one chunk and carry, for every doc,
 * its title and front-matter description: about 27 KB gzip on a 470-page site. The theme
 * looks docs up there by id (useDocById) and reads only the description, in DocCard (category
 * card lists); the API tag pages pass descriptions to their cards themselves
 * (src/components/ApiOperationCards), so titles and descriptions are dropped and the ids and
 * sidebars kept. Plain CommonJS because the bundler requires loaders without a transpiler.
 */
'use strict';

/** @param {string} source JSON text of a props module. @returns {string} */
function stripDocTexts(source) {
  const props = JSON.parse(source);
  const docs = props && props.version && props.version.docs;
  if (!docs || typeof docs !== 'object') return source;
  for (const doc of Object.values(docs)) {
    if (doc && typeof doc === 'object') {
      delete doc.title;
      delete doc.description;
    }
  }
  return JSON.stringify(props);
}

module.exports = function leanDocsPropsLoader(source) {
  return stripDocTexts(source);
};
module.exports.stripDocTexts = stripDocTexts;
