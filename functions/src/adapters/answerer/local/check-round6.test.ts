import { afterEach, describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { checkTuning } from './check.ts';
import { expectRuleDeclines } from './check-for-tests.ts';

/**
 * Round 6's check rules on made-up stories: with the rule off the question is answered (wrongly), with it on
 * the answer is "My story doesn't say"; and a sentence that does tell the fact still answers.
 */
afterEach(() => checkTuning.off.clear());

describe('check: a count of one thing is not a count of another', () => {
  it('an ordinal says which one, not how many', () => {
    const story =
      'I picked hops in Kent as a girl. I was up at the hop gardens at Paddock Wood. That was my second summer.';
    const q = 'how many summers did you pick hops';
    expectRuleDeclines('ordinal-for-how-many', story, q);
    const told = 'I picked hops in Kent as a girl. I picked hops for six summers in all.';
    expect(answerStory(told, q).answer).toContain('six summers');
  });

  it('a span in one unit of time does not count another', () => {
    const story = 'I picked hops in Kent as a girl. The hop gardens were lovely on a good day.';
    const q = 'how many summers did you pick hops in kent';
    expectRuleDeclines('other-time-unit', story, q);
  });
});

describe('check: what the sentence says is not known', () => {
  it('"he never did say how" does not say how', () => {
    const story =
      'My cousin Ned came home from the war in 1946. Ned had a scar on his cheek after, and he never did say how.';
    const q = 'how did ned get the scar on his cheek';
    expectRuleDeclines('not-known', story, q);
    const told = 'My cousin Ned came home from the war in 1946. Ned got the scar on his cheek from a shell splinter.';
    expect(answerStory(told, q).declined).toBe(false);
  });
});

describe('check: a year said short is not an amount', () => {
  it('"the summer of fifty-two" does not say how much something was', () => {
    const story = 'I took the train to Chicago. I came up from Memphis in nineteen fifty-two, the summer of fifty-two.';
    const q = 'how much was the train ticket';
    expectRuleDeclines('year-as-count', story, q);
    const told = 'I took the train to Chicago. The train ticket was thirty dollars.';
    expect(answerStory(told, q).answer).toContain('thirty dollars');
  });
});

describe('check: the event a place belongs to', () => {
  it('where they met does not say where they married', () => {
    const story =
      'I met your grandpa Ivor in the autumn of 1936, at a dance in the Miners Hall. We married three years later.';
    const q = 'where did you and grandpa get married';
    expectRuleDeclines('asked-event', story, q);
    const told = `${story} Your grandpa and I were married in the chapel at Treorchy.`;
    expect(answerStory(told, q).answer).toContain('Treorchy');
  });
});

describe('check: an age or a year is not a count', () => {
  it('"she couldn\'t have been more than twelve" is an age', () => {
    const story =
      "My cousin Ida and I shared a room over the shop. She couldn't have been more than twelve. We had a cat called Smudge.";
    const q = 'how many cousins did you have';
    expectRuleDeclines('age-as-count', story, q);
  });

  it('a number next to a month is its year', () => {
    const story =
      'We lived on Elm Street with the children. Sixty-eight, August, that was the flood, the children never forgot it.';
    const q = 'how many children did you have';
    expectRuleDeclines('year-as-count', story, q);
    const told = 'We lived on Elm Street with the children. We had four children, all girls.';
    expect(answerStory(told, q).answer).toContain('four');
  });
});

describe('check: money paid out is not money taken in', () => {
  const cottage =
    'We bought the cottage on Mill Lane in 1971 and let the upstairs. We paid nine hundred pounds for it.';

  it('a price paid does not say how much rent came in', () => {
    expectRuleDeclines('money-other-side', cottage, 'how much rent did you get for the upstairs');
    expect(answerStory(cottage, 'how much did you pay for the cottage').answer).toContain('nine hundred pounds');
  });

  it('a sum named as a fee ("the entry fee, ten dollars") is not a sum won', () => {
    const story =
      'I rode broncs at the county fair in 1961. My aunt gave me the entry fee, ten dollars, out of her egg money.';
    expectRuleDeclines('money-other-side', story, 'how much did you win at the county fair');
    expect(answerStory(story, 'how much did it cost to enter the county fair').answer).toContain('ten dollars');
  });

  it('"paid him" is paid out, "paid me" taken in', () => {
    const choir = 'The choir had a master, Mr Hale. Each of us paid him ten cents a week.';
    expect(answerStory(choir, 'how much did each of you pay mr hale').answer).toContain('ten cents');
    const mill = 'I started at the mill in 1950. The mill paid me six dollars a week.';
    expect(answerStory(mill, 'how much did you earn at the mill').answer).toContain('six dollars');
  });
});

describe('check: an owner said at the end of a clause', () => {
  it('"the Queen\'s." owns what was said before it and did not do it', () => {
    const story = "My cousin Ida gutted herring with me. Ida got married the summer of the coronation, the Queen's.";
    expectRuleDeclines('owner-as-person', story, 'who did ida marry');
  });
});

describe('check: a plan or a wish is not what happened', () => {
  it('"we were going to move to Ohio" does not say where they moved', () => {
    const story =
      'Dad lost his job at the mill in 1958. We were going to move to Ohio, but Mother would not leave her sister.';
    const q = 'where did you move to';
    expectRuleDeclines('unreal-fact', story, q);
    expect(answerStory(story, 'where were you going to move to').answer).toContain('Ohio');
    const moved = 'Dad lost his job at the mill in 1958. We moved to Ohio that spring.';
    expect(answerStory(moved, q).answer).toContain('Ohio');
  });
});

describe('check: a date in another statement than the event asked', () => {
  it('"…when he died, but … he started in 1951" does not date the death', () => {
    const story =
      'My uncle Vic worked at the gasworks. We put forty years on his stone when he died, but when I saw his papers I found he started in 1951.';
    const q = 'when did uncle vic die';
    expectRuleDeclines('date-across-turn', story, q);
    const told = 'My uncle Vic worked at the gasworks. He died in 1990, when I was at college.';
    expect(answerStory(told, q).answer).toContain('1990');
  });
});

describe('check: a why answered without a reason', () => {
  it('a sentence that only restates what was asked does not say why', () => {
    const story = 'My brother Karl drove me to the station. Karl came with me. Karl wore his good hat.';
    const q = 'why did karl come with you';
    expectRuleDeclines('no-reason', story, q);
    const told = 'My brother Karl drove me to the station. Karl came with me because Mother told him to.';
    expect(answerStory(told, q).answer).toContain('because');
  });
});

describe('check: where from is not where to', () => {
  it('a place after "from" is not where the plane landed', () => {
    const story = 'I went to England in 1962. I went on a plane from Lagos, my first time on a plane.';
    const q = 'where did the plane land';
    expectRuleDeclines('origin-for-arrival', story, q);
    expect(answerStory(story, 'where did the plane go from').answer).toContain('Lagos');
  });

  it('a place after "to" is not where someone came from', () => {
    // Since round 6's recall rules ("where … from" wants the place said after "from") the judge already turns
    // this answer down, before the check stage: what is asserted is what the listener hears.
    const story = 'My friend Ally was a great talker. Ally came with me to Largs.';
    expect(answerStory(story, 'where did ally come from').declined).toBe('not-in-story');
  });
});

describe('check: whose doing a date tells', () => {
  it('a date in a clause about him does not say when the narrator came', () => {
    const story =
      'I sang at the Blue Lantern in Memphis. Otto played drums for a trio, a band he started that came to Memphis in 1949.';
    const q = 'when did you come to memphis';
    expectRuleDeclines('other-subject', story, q);
    const told = 'I sang at the Blue Lantern in Memphis. I came to Memphis in 1951 with my aunt.';
    expect(answerStory(told, q).answer).toContain('1951');
  });
});

describe('check: the verb asked, done by someone else', () => {
  it('"I … worked in the drapery" does not say where he worked', () => {
    const story =
      'My father went down the pit in 1931. I left school at fifteen and worked in the Co-op drapery in Porth for six years.';
    const q = 'which mine did he work at';
    expectRuleDeclines('verb-of-other', story, q);
    const told = 'My father went down the pit in 1931. He worked at the Maerdy mine for thirty years.';
    expect(answerStory(told, q).declined).toBe(false);
  });
});

describe('check: the others asked about', () => {
  it('a sentence about one fire does not say what the other fires burned', () => {
    const story =
      'In 1961 lightning started eleven fires on the ridge. The Cub Creek fire was the big one. They said it burned six thousand acres.';
    const q = 'how many acres did the other fires burn';
    expectRuleDeclines('not-the-other', story, q);
    const told = `${story} The other fires burned two hundred acres between them.`;
    expect(answerStory(told, q).answer).toContain('two hundred acres');
  });
});

describe('check: the rule anyone must keep is not what the narrator did', () => {
  it('"you gotta stay on eight" does not say how long the narrator stayed on', () => {
    const story = 'I rode my first bronc at the Pecos fair. You gotta stay on eight seconds to score.';
    const q = 'how long did you stay on him';
    expectRuleDeclines('other-subject', story, q);
    expect(answerStory(story, 'how long do you have to stay on').answer).toContain('eight seconds');
    const told = 'I rode my first bronc at the Pecos fair. I stayed on him for six seconds.';
    expect(answerStory(told, q).answer).toContain('six seconds');
  });
});

describe('check: a count of people is no size', () => {
  it('"five hundred people died on that boat" does not say how long the boat was', () => {
    const story = 'Our boat was the Maud, a shrimp boat. They said later five hundred people died on that boat.';
    const q = 'how long was the boat';
    expectRuleDeclines('people-for-measure', story, q);
    const told = 'Our boat was the Maud, a shrimp boat. The boat was forty feet long.';
    expect(answerStory(told, q).answer).toContain('forty feet');
  });
});
