import type {ReactNode} from 'react';

export interface UiLabelProps {
  children: ReactNode;
  /**
   * The program whose screen shows the label when it is not Unleash's Admin UI (Okta, Entra,
   * Keycloak…). Unset means the Admin UI, and the label check (scripts/truth/uiLabels.ts)
   * then requires the text to be a string of the Admin UI in the pinned unleash-server.
   */
  app?: string;
}

/** A label the reader looks for on a screen: a button, menu item, field or dialog title. */
export default function UiLabel({children, app}: UiLabelProps): ReactNode {
  return (
    <strong className="ui-label" data-app={app}>
      {children}
    </strong>
  );
}
