/**
 * The sandbox's styles. They travel in the sandbox's own chunk and are rendered as one
 * <style> element (hoisted into <head> by React), so no other page's stylesheet grows by them;
 * Docusaurus would otherwise merge a CSS module into the one stylesheet every page loads. The
 * text is a constant, which lets the security-headers build step allow it by its hash.
 * Colours come from the theme, plus two status colours per mode that keep 4.5:1 contrast.
 */
export const SANDBOX_CSS =
  '.ue-sb-sandbox{--sandbox-pass:#1a6b2e;--sandbox-fail:#a52a1f;--sandbox-border:var(--ifm-color-emphasis-400);--sandbox-surface:var(--ifm-color-emphasis-100);margin:1.5rem 0;padding:1rem;border:1px solid var(--sandbox-border);border-radius:var(--ifm-global-radius);font-size:0.9375rem}' +
  '[data-theme=dark] .ue-sb-sandbox{--sandbox-pass:#86e0a0;--sandbox-fail:#ffb4a8}' +
  '.ue-sb-heading{margin:1.5rem 0 0.5rem;font-size:1.125rem}' +
  '.ue-sb-subheading{margin:1rem 0 0.25rem;font-size:1rem}' +
  '.ue-sb-toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:0.5rem}' +
  '.ue-sb-status{font-size:0.875rem}' +
  '.ue-sb-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:0.5rem 1rem;margin:0.5rem 0}' +
  '.ue-sb-block,.ue-sb-list{margin:0.5rem 0}' +
  '.ue-sb-field{display:flex;flex-direction:column;gap:0.2rem;min-width:9rem;max-width:100%}' +
  '.ue-sb-field>label{font-weight:600;font-size:0.875rem}' +
  '.ue-sb-wide{flex:1 1 16rem}' +
  '.ue-sb-input{width:100%;min-width:0;padding:0.3rem 0.45rem;border:1px solid var(--ifm-color-emphasis-600);border-radius:0.25rem;background:var(--ifm-background-color);color:var(--ifm-font-color-base);font:inherit;font-family:var(--ifm-font-family-monospace);font-size:0.875rem}' +
  'textarea.ue-sb-input{resize:vertical}' +
  '.ue-sb-input:focus-visible,.ue-sb-button:focus-visible,.ue-sb-check input:focus-visible{outline:2px solid var(--ifm-color-primary);outline-offset:2px}' +
  '.ue-sb-input[aria-invalid=\'true\']{border-color:var(--sandbox-fail)}' +
  '.ue-sb-hint{color:var(--ifm-color-emphasis-800);font-size:0.8125rem}' +
  '.ue-sb-check{display:flex;flex-wrap:wrap;align-items:center;gap:0.35rem;padding-top:0.25rem}' +
  '.ue-sb-check>label{font-size:0.875rem}' +
  '.ue-sb-check .ue-sb-messages{flex-basis:100%}' +
  '.ue-sb-button{padding:0.3rem 0.7rem;border:1px solid var(--ifm-color-emphasis-600);border-radius:var(--ifm-button-border-radius,0.4rem);background:var(--ifm-background-surface-color);color:var(--ifm-font-color-base);font:inherit;font-size:0.875rem;cursor:pointer}' +
  '.ue-sb-button:hover{border-color:var(--ifm-color-primary);color:var(--ifm-color-primary)}' +
  '.ue-sb-primary,.ue-sb-primary:hover{border-color:var(--ifm-color-primary);background:var(--ifm-color-primary);color:#fff}' +
  '[data-theme=dark] .ue-sb-primary,[data-theme=dark] .ue-sb-primary:hover{color:#1b1b1d}' +
  '.ue-sb-primary:hover{text-decoration:underline}' +
  '.ue-sb-card{margin:0.75rem 0;padding:0.5rem 0.9rem 0.75rem;border:1px solid var(--sandbox-border);border-radius:var(--ifm-global-radius)}' +
  '.ue-sb-card>legend,.ue-sb-constraint>legend,.ue-sb-variant>legend{padding:0 0.35rem;font-weight:700}' +
  '.ue-sb-constraint,.ue-sb-variant{margin:0.5rem 0;padding:0.25rem 0.75rem 0.5rem;border:1px dashed var(--sandbox-border);border-radius:0.25rem}' +
  '.ue-sb-messages{margin:0.15rem 0 0;padding:0;list-style:none;font-size:0.8125rem}' +
  '.ue-sb-messages li + li{margin-top:0.15rem}' +
  '.ue-sb-error{color:var(--sandbox-fail)}' +
  '.ue-sb-note{color:var(--ifm-color-emphasis-800)}' +
  '.ue-sb-tag{font-weight:700}' +
  '.ue-sb-verdict{margin:0.35rem 0;font-size:0.875rem}' +
  '.ue-sb-pass{color:var(--sandbox-pass)}' +
  '.ue-sb-fail{color:var(--sandbox-fail)}' +
  '.ue-sb-mark{font-weight:700}' +
  '.ue-sb-differs{margin:0.25rem 0;font-size:0.875rem;font-style:italic}' +
  '.ue-sb-detail{margin:0.25rem 0;color:var(--ifm-color-emphasis-800);font-size:0.875rem;overflow-wrap:anywhere}' +
  '.ue-sb-picked{align-self:center;font-size:0.875rem;font-weight:700;color:var(--sandbox-pass)}' +
  '.ue-sb-result{padding:0.75rem 1rem;border-radius:var(--ifm-global-radius);background:var(--sandbox-surface);overflow-wrap:anywhere}' +
  '.ue-sb-result p{margin:0.35rem 0}' +
  '.ue-sb-answer{display:flex;flex-wrap:wrap;align-items:baseline;gap:0.5rem;font-size:1.0625rem}' +
  '.ue-sb-badge{padding:0.1rem 0.6rem;border:2px solid currentColor;border-radius:1rem;font-weight:700}' +
  '.ue-sb-on{color:var(--sandbox-pass)}' +
  '.ue-sb-off{color:var(--sandbox-fail)}' +
  '.ue-sb-why{margin:0.25rem 0;font-size:0.875rem}' +
  '.ue-sb-engines{display:table;margin:0.75rem 0 0.25rem;font-size:0.875rem}' +
  '.ue-sb-engines th,.ue-sb-engines td{overflow-wrap:normal;text-align:left;vertical-align:top}' +
  '.ue-sb-engines caption{text-align:left;font-weight:600}' +
  '.ue-sb-visuallyHidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}';
