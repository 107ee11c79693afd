import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

interface Card {
  title: string;
  to: string;
  text: string;
}

const cards: Card[] = [
  {
    title: 'Quickstart',
    to: '/quickstart',
    text: 'Create a flag, connect an SDK and see it change your app, with a hosted or a Docker instance.',
  },
  {
    title: 'SDKs',
    to: '/reference/sdks',
    text: 'Server-side and client-side SDKs for 17 languages and frameworks, with a compatibility matrix.',
  },
  {
    title: 'API reference',
    to: '/reference/api/unleash',
    text: 'Every Admin, Client and Frontend API operation, with parameters, schemas and code samples.',
  },
  {
    title: 'Self-hosting',
    to: '/using-unleash/deploy',
    text: 'Run Unleash with Docker, Docker Compose, Node.js or Helm; configure, secure, back up and upgrade it.',
  },
  {
    title: 'Tutorials',
    to: '/feature-flag-tutorials',
    text: 'Complete walkthroughs for React, Next.js, Python, Java, .NET, Rust, iOS and more.',
  },
  {
    title: 'How-to guides',
    to: '/how-to',
    text: 'Step-by-step tasks: single sign-on, user provisioning, API tokens, import and export.',
  },
  {
    title: 'Reference',
    to: '/reference',
    text: 'How flags, strategies, constraints, segments, variants, projects and roles behave.',
  },
  {
    title: 'Unleash Academy',
    to: '/unleash-academy/introduction',
    text: 'Structured courses for everyone, for developers and for administrators, with certification.',
  },
];

export default function HomeCards(): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.card}>
          <Link to={card.to} className={styles.link}>
            <Heading as="h3" className={styles.cardTitle}>
              {card.title}
            </Heading>
            <p className={styles.text}>{card.text}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
