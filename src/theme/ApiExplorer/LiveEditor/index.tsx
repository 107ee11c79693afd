/**
 * The request-body editor of the API explorer, without running the body as code. The API
 * theme's own editor wraps react-live's Editor in its LiveProvider, which compiles the text as
 * JSX and runs it with `new Function` on every change (for a live preview the explorer never
 * shows): under the site's Content-Security-Policy, which has no 'unsafe-eval', each run was
 * a violation. This one keeps the same editor (react-live's Editor: Prism highlighting over a
 * contenteditable), the same class names and the same form wiring: the text goes to the
 * explorer through `action`, into react-hook-form's `requestBody` field with its required
 * check and message.
 */
import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {Editor} from 'react-live';

declare const require: (id: string) => unknown;

// The API theme requires react-hook-form, so its form context lives in the package's
// CommonJS build; an `import` here would bring the ES build, a second copy whose context the
// explorer's form never provides. Required the same way, both are one module.
const {Controller, useFormContext} = require('react-hook-form') as typeof import('react-hook-form');
const {ErrorMessage} = require('@hookform/error-message') as typeof import('@hookform/error-message');

interface Props {
  /** The initial text of the body. */
  children: string;
  /** Receives the text on every change. */
  action: (code: string) => void;
  language?: string;
  required?: boolean;
}

export default function LiveEditor({children, action, language, required: isRequired}: Props): ReactNode {
  const prismTheme = usePrismTheme();
  const isBrowser = useIsBrowser();
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  // Editing is switched on by a click and off again on blur, as in the theme, so Tab moves
  // through the form instead of being typed into the body.
  const [editorDisabled, setEditorDisabled] = useState(false);
  useEffect(() => {
    action(code);
    // Only the text matters: the explorer's dispatcher is a new function on each render.
  }, [code]);
  const {
    control,
    formState: {errors},
  } = useFormContext();
  const showErrorMessage = Boolean(errors?.requestBody);

  return (
    <div className="openapi-explorer__playground-container">
      <Controller
        control={control}
        name="requestBody"
        rules={{
          required: isRequired && !code ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'}) : false,
        }}
        render={({field: {onChange}}) => (
          <div onClick={() => setEditorDisabled(false)} onBlur={() => setEditorDisabled(true)}>
            <Editor
              key={String(isBrowser)}
              className={clsx('openapi-explorer__playground-editor', showErrorMessage && 'openapi-explorer__form-item-input error')}
              code={code}
              language={language ?? 'tsx'}
              theme={prismTheme}
              disabled={editorDisabled}
              tabMode="focus"
              onChange={(text: string) => {
                setCode(text);
                onChange(text);
              }}
            />
          </div>
        )}
      />
      {showErrorMessage && (
        <ErrorMessage errors={errors} name="requestBody" render={({message}) => <div className="openapi-explorer__input-error">{message}</div>} />
      )}
    </div>
  );
}
