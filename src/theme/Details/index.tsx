/**
 * Collapsible details. In the API theme's schemas every nested object is a closed <details>
 * whose whole subtree the theme renders anyway (an operation page had about 4,700 elements);
 * there the content renders the first time its summary is opened, in the same update that
 * starts the opening animation. Details elsewhere (in Markdown, or open from the start) are
 * the theme's own, unchanged.
 */
import {useState, type ComponentProps, type MouseEvent, type ReactNode} from 'react';
import Details from '@theme-original/Details';

type Props = ComponentProps<typeof Details>;

/** The API theme marks its details with this class. */
const API_DETAILS = 'openapi-markdown__details';

export default function DetailsWrapper(props: Props): ReactNode {
  const [opened, setOpened] = useState(Boolean(props.open));
  if (opened || !props.className?.split(' ').includes(API_DETAILS)) return <Details {...props} />;
  const onClickCapture = (event: MouseEvent<HTMLDetailsElement>) => {
    props.onClickCapture?.(event);
    // Only this element's own summary: nested details handle theirs.
    const summary = (event.target as Element).closest('summary');
    if (summary && summary.parentElement === event.currentTarget) setOpened(true);
  };
  return (
    <Details {...props} onClickCapture={onClickCapture}>
      {null}
    </Details>
  );
}
