/**
 * The not-found page: says what happened and offers a way on (home, the main entry points,
 * and the search box), instead of the theme's dead end.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import SearchBar from '@theme/SearchBar';
import type {Props} from '@theme/NotFound/Content';
import styles from './styles.module.css';

const destinations = [
  {to: '/quickstart', label: 'Quickstart', text: 'get a flag working in your app'},
  {to: '/reference', label: 'Reference', text: 'how flags, strategies and projects behave'},
  {to: '/reference/sdks', label: 'SDKs', text: 'set up Unleash in your language'},
  {to: '/using-unleash/deploy', label: 'Self-hosting', text: 'run and operate Unleash yourself'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            We could not find a page at this address. It may have moved when the documentation was
            reorganised, or the link that brought you here has a typo.
          </p>
          <div className={styles.search}>
            <p>Search the documentation:</p>
            <SearchBar />
          </div>
          <p>Or start from one of these:</p>
          <ul className={styles.destinations}>
            {destinations.map((destination) => (
              <li key={destination.to}>
                <Link to={destination.to}>{destination.label}</Link>: {destination.text}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/">Back to the home page</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
