import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { ThemeIcon } from '../components/ThemeIcon.tsx';

const journey = [
  {
    step: 'Share',
    text: 'Write a memory down, or tell it out loud in your own voice. Take your time: a story can be a few lines or many pages.',
  },
  {
    step: 'Preserve',
    text: 'Each story is kept safe with its places and dates, private until you decide otherwise, ready for the years ahead.',
  },
  {
    step: 'Connect',
    text: 'Share with the people you choose. Children and grandchildren can listen, and even ask the story their own questions.',
  },
] as const;

const themes = [
  {
    title: 'Childhood Memories',
    text: 'The house you grew up in, the games in the street, the teacher you never forgot.',
    icon: 'home',
  },
  {
    title: 'Family Traditions',
    text: 'The holiday recipe, the song at bedtime, the way your family always did things.',
    icon: 'tradition',
  },
  {
    title: 'Love Stories',
    text: 'How you met, the wedding day, and the small kindnesses that built a life together.',
    icon: 'love',
  },
  {
    title: 'Life Lessons',
    text: 'What the hard times taught you, and the advice you wish someone had given you sooner.',
    icon: 'lesson',
  },
] as const;

/** The landing page (spec section 1): marketing copy, and the way to /register and /stories. */
export function LandingRoute() {
  useDocumentTitle(undefined);
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero-eyebrow">Family stories, kept for tomorrow</p>
        <h1 id="hero-title">Every life is a story worth passing on.</h1>
        <p className="hero-lead">
          Human stories are how we reach across time: from the grandparents who came before us to the grandchildren who
          will come after. Storyloom helps you put your memories into words, or into your own voice, so they are never
          lost.
        </p>
        <div className="button-row">
          <Link to={paths.register.getHref()} className="button button-primary button-large">
            Start Your Story
          </Link>
          <Link to={paths.stories.getHref()} className="button button-secondary button-large">
            Explore Stories
          </Link>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="journey-title">
        <h2 id="journey-title">How it works</h2>
        <ol className="journey">
          {journey.map((item, index) => (
            <li key={item.step} className="card journey-step">
              <span className="journey-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{item.step}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section" aria-labelledby="themes-title">
        <h2 id="themes-title">Stories worth telling</h2>
        <p className="section-lead">Not sure where to begin? Most people start with one of these.</p>
        <ul className="themes">
          {themes.map((theme) => (
            <li key={theme.title} className="card theme">
              <ThemeIcon name={theme.icon} />
              <h3>{theme.title}</h3>
              <p>{theme.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section promise" aria-labelledby="promise-title">
        <h2 id="promise-title">Free to start</h2>
        <p>
          Creating your account and writing your first stories costs nothing, and no credit card is needed. Your
          family's memories deserve a home; we want everyone to be able to give them one.
        </p>
        <Link to={paths.register.getHref()} className="button button-primary button-large">
          Create Your Free Account
        </Link>
      </section>
    </div>
  );
}
