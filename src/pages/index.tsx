import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeCards from '@site/src/components/HomeCards';
import styles from './index.module.css';

function Hero(): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          Unleash documentation
        </Heading>
        <p className={styles.lead}>
          Unleash is an open-source feature-flag management service. You decide in the Admin UI
          who sees a feature, in which environment, and from when; your applications ask the
          Unleash SDKs, which evaluate flags locally in microseconds. Release continuously, test
          in production safely, and turn anything off in seconds without a deploy.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/quickstart">
            Start the quickstart
          </Link>
          <Link className="button button--secondary button--lg" to="/using-unleash/deploy/getting-started">
            Self-host Unleash
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title="Feature flag management documentation"
      description="Guides, references, SDK documentation and the API reference for Unleash, the open-source feature-flag management service.">
      <Hero />
      <main className="container margin-vert--xl">
        <section aria-labelledby="where-to-start">
          <Heading as="h2" id="where-to-start">
            Where to start
          </Heading>
          <p>
            New to feature flags? Read what a flag is and how Unleash is put together, then follow
            the quickstart: ten minutes from nothing to a flag evaluated in your own code, on a
            hosted instance or one you run with Docker. Already running Unleash? Jump straight to
            the SDK for your language, the HTTP API, or the operations guides.
          </p>
          <HomeCards />
        </section>
        <section aria-labelledby="how-it-fits" className="margin-top--xl">
          <Heading as="h2" id="how-it-fits">
            How the pieces fit together
          </Heading>
          <p>
            The Unleash server stores flags, activation strategies, segments and environments in
            PostgreSQL and serves the Admin UI. Server-side SDKs fetch the flag configuration with
            a client token and evaluate it in your process, so no user data leaves your service.
            Browser and mobile apps use a frontend token against the Frontend API or Unleash Edge,
            which evaluates flags close to your users and caches them. Every SDK reports usage
            metrics back, which drive the insights, stale-flag detection and technical-debt views.
          </p>
          <p>
            Unleash comes as Open Source, Pro and Enterprise. Where a feature needs a paid plan, its
            reference page says so.
          </p>
        </section>
      </main>
    </Layout>
  );
}
