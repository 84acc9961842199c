import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text.ts';
import { askStages } from './ask-for-tests.ts';
import { correctionAt, isCorrection } from './corrections.ts';
import { decide, judge } from './decide.ts';
import { factsIn } from './entities.ts';
import { unitFit } from './evidence.ts';
import { findNumbers } from './numbers.ts';
import { clauses, phrase, settledFact } from './phrase.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms, retrieve, storyIndex } from './retrieve.ts';
import { answeringFacts, namedThing, namesOf } from './type-match.ts';

const kinds = (text: string) => factsIn(text).map((f) => `${f.kind}:${f.text}`);

describe('numbers', () => {
  it('reads numbers said in words, years in two halves, and digits', () => {
    const found = (t: string) => findNumbers(t).map((n) => [n.value, n.year]);
    expect(found('That was nineteen forty-six, and I was nine.')).toEqual([
      [1946, true],
      [9, false],
    ]);
    expect(found('a hundred and forty people')).toEqual([[140, false]]);
    expect(found('two thousand eighteen')).toEqual([[2018, true]]);
    expect(found('eleven thousand cases, 11,000 of them')).toEqual([
      [11000, false],
      [11000, false],
    ]);
    expect(found("the flood of '93")).toEqual([[1993, true]]);
    expect(found('two dozen rolls and half a dozen pies, a couple of days later')).toEqual([
      [24, false],
      [6, false],
      [2, false],
    ]);
    expect(found('dozens of letters')).toEqual([]);
    expect(found('We moved twice.')).toEqual([[2, false]]);
  });
});

describe('normalize', () => {
  const story = new Set(['your', 'grandfather', 'kowalski', 'farm']);
  it('spells out shorthand and finds the story word of a possessive typed without its apostrophe', () => {
    expect(normalizeQuestion('whats miss kowalskis name', story).text).toBe('what is miss kowalski name');
    expect(normalizeQuestion('where did u go', story).text).toBe('where did you go');
    expect(normalizeQuestion('what time did you get up', story).text).toBe('what time did you wake up');
    expect(normalizeQuestion('when did your uncle pass away', story).text).toBe('when did your uncle die');
    expect(normalizeQuestion('how much did you win at the fair', story).want).toBe('money');
    expect(normalizeQuestion('was he ill before passing on', story).text).toBe('was he ill before dying');
    expect(normalizeQuestion('did you pass the exam', story).text).toBe('did you pass the exam');
    expect(normalizeQuestion('wher did u live', story)).toMatchObject({ text: 'where did you live', want: 'where' });
    expect(normalizeQuestion('howmany cows', story).want).toBe('count');
    expect(normalizeQuestion('whats your first name', story).text).toBe('what is your name');
  });
  it('reads a kinship word as the narrator unless the story calls someone else by it', () => {
    const q = normalizeQuestion('how old was grandma', story);
    expect(q).toMatchObject({ text: 'how old was you', want: 'age', narratorWord: 'grandma' });
    expect(normalizeQuestion('where did you meet grandpa', story).text).toBe('where did you meet grandfather');
    // Grandparents' names from many families, accents typed or not.
    expect(normalizeQuestion('where did dadi grow up', story).text).toBe('where did you grow up');
    expect(normalizeQuestion('what did mémé cook', story).text).toBe('what did you cook');
    expect(normalizeQuestion('when did zeyde come over', new Set(['farm'])).narratorWord).toBe('zeyde');
    // A possessive typed without its apostrophe is still the narrator's.
    expect(normalizeQuestion('what was nanas first car', story)).toMatchObject({
      text: 'what was your first car',
      narratorWord: 'nana',
    });
  });
  it('tells the kind of answer wanted', () => {
    const want = (q: string) => normalizeQuestion(q, story).want;
    expect(want('when did you get married')).toBe('when');
    expect(want('how much did the bike cost')).toBe('money');
    expect(want('how many cows died')).toBe('count');
    expect(want('how long did it take')).toBe('duration');
    expect(want('who was your teacher')).toBe('who');
    expect(want('what was the dogs name')).toBe('name');
    expect(normalizeQuestion('did you like it', story).yesNo).toBe(true);
    // "when" opening a clause of a who/what question says which time is meant; it is not what is asked.
    expect(want('who fed you when you were sick')).toBe('who');
    expect(want('what did it smell like when the mill burned')).toBe('any');
    expect(want('so when did you leave')).toBe('when');
    expect(want('where did the man who sold you the farm live')).toBe('where');
    expect(want('what is there now where the mill was')).toBe('any');
  });
});

describe('type-match', () => {
  it('finds facts by kind: ages, money, measures, times, places, people', () => {
    expect(kinds('I started milking when I was seven.')).toContain('age:seven');
    expect(kinds('It cost twenty-eight dollars.')).toContain('money:twenty-eight dollars');
    expect(kinds('We had eighty acres, six miles outside Chippewa Falls.')).toEqual(
      expect.arrayContaining(['measure:eighty acres', 'measure:six miles', 'place:Chippewa Falls']),
    );
    expect(kinds('We opened at seven in the morning.')).toContain('time:seven in the morning');
    expect(kinds('My brother Gene took over.')).toContain('person:My brother Gene');
    expect(kinds('It was a one-room school.')).not.toContain('count:one');
  });
  it('reads "nineteen years old" as an age, not a duration, and a name that opens a sentence as a person', () => {
    expect(kinds('I sailed in 1961, nineteen years old.')).toContain('age:nineteen years old');
    expect(kinds('I sailed in 1961, nineteen years old.')).not.toContain('duration:nineteen years');
    expect(kinds('I worked there nineteen years.')).toContain('duration:nineteen years');
    expect(kinds('Darcy taught me.')).toContain('person:Darcy');
    expect(kinds('Otis.')).toContain('name:Otis');
    expect(kinds('Everything changed after that.').filter((k) => k.startsWith('person'))).toEqual([]);
    expect(kinds('Then we moved.').filter((k) => k.startsWith('person'))).toEqual([]);
    // A name whose last word says it is a place is a place, wherever it stands.
    expect(kinds('In 1950 Rapid City got its first traffic light.')).toContain('place:Rapid City');
    expect(kinds('In 1950 Rapid City got its first traffic light.')).not.toContain('person:Rapid City');
  });
  it('does not answer with what the question already holds', () => {
    const facts = factsIn('The teacher was Miss Kowalski.');
    expect(answeringFacts(facts, 'name', 'what was miss kowalski first name')).toEqual([]);
    expect(answeringFacts(facts, 'who', 'who was your teacher').map((f) => f.text)).toContain('Miss Kowalski');
  });
  it('takes a name only when it is given to the thing asked about', () => {
    expect(namedThing("what was the dog's name")).toBe('dog');
    expect(namedThing('what was the name of the boat')).toBe('boat');
    const sentence = 'Dad bought a Surge milker from my brother Gene.';
    const names = answeringFacts(factsIn(sentence), 'name', 'what was your brother name');
    expect(namesOf(sentence, names, 'brother').map((f) => f.text)).toEqual(['Gene']);
    expect(namesOf(sentence, names, 'dad')).toEqual([]);
  });
});

describe('resolve corrections', () => {
  it('knows a narrator correcting herself', () => {
    expect(isCorrection('No, wait, I tell a lie.')).toBe(true);
    expect(isCorrection('For years I told people forty.')).toBe(true);
    expect(isCorrection('We went home.')).toBe(false);
    const sentence = 'Then in sixty, no, sixty-one, I opened the shop.';
    const years = factsIn(sentence).filter((f) => f.kind === 'year');
    expect(correctionAt(sentence)).toBeGreaterThan(0);
    expect(settledFact(sentence, years)?.text).toBe('sixty-one');
  });
});

describe('phrase', () => {
  it('answers with the main clause holding the fact, cut to its comma clauses when long', () => {
    const sentence = 'We rented a plot, thirty acres, near the quarry.';
    const fact = factsIn(sentence).find((f) => f.text === 'thirty acres');
    expect(clauses(sentence).map((c) => c.text)).toEqual(['We rented a plot', 'thirty acres', 'near the quarry.']);
    expect(phrase(sentence, fact, 'how big was the plot')).toBe('We rented a plot, thirty acres, near the quarry.');
    // "…so I started…": two statements; the one holding the fact answers.
    const two = 'I was the youngest of six girls so I started sewing when I was eight.';
    const six = factsIn(two).find((f) => f.text === 'six');
    expect(phrase(two, six, 'how many sisters did you have')).toBe('I was the youngest of six girls.');
    // A long main clause: the fact's clause, with the opening clause when it is only a fragment.
    const long =
      'I crossed from Dover on the night ferry in March 1958, with a trunk my grandfather had made from a tea chest, and a letter.';
    const grandfather = factsIn(long).find((f) => f.text.startsWith('my grandfather'));
    expect(phrase(long, grandfather, 'who made your trunk')).toBe(
      'I crossed from Dover on the night ferry in March 1958, with a trunk my grandfather had made from a tea chest.',
    );
  });
  it('never ends an answer on a word that needs more, reading on past a spoken aside', () => {
    const sentence =
      'She ran the bakery on the corner for years, and her best loaf was made of, let me think, rye flour and caraway from her mother.';
    expect(phrase(sentence, undefined, 'what was her best loaf made of')).toBe(
      'Her best loaf was made of, let me think, rye flour and caraway from her mother.',
    );
  });
  it('reads on past a clause that a spoken aside interrupts, or that ends on "and then"', () => {
    const seen =
      'The cabin my uncle built stood high on a bare ridge above the cold lake, and from the porch you could see, oh, you could see three counties.';
    expect(phrase(seen, undefined, 'what could you see from the porch')).toBe(
      'From the porch you could see, oh, you could see three counties.',
    );
    const then =
      'My brother sat on the steps all afternoon without a word, and then, just after the bus came round the corner, he started to cry.';
    expect(phrase(then, undefined, 'what did your brother do on the steps')).toBe(
      'My brother sat on the steps all afternoon without a word, and then, just after the bus came round the corner, he started to cry.',
    );
  });
  it('drops a bracket the cut leaves open', () => {
    const sentence =
      'We sailed out of Kingstown harbour on the old mail boat one grey morning (the English had renamed the town, but my father never would) with my sister Nora and a tin trunk between us.';
    expect(phrase(sentence, undefined, 'where did you sail from')).toBe(
      'We sailed out of Kingstown harbour on the old mail boat one grey morning.',
    );
  });
  it('keeps a short sentence whole and drops a leading connective', () => {
    expect(phrase('And then we left for good.', undefined, 'did you leave')).toBe('Then we left for good.');
  });
});

describe('retrieve', () => {
  it('ranks the sentence sharing the question words first and measures coverage', () => {
    const sentences = splitSentences('We lived on a farm. My sister Opal cried in the truck. The truck was green.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const question = normalizeQuestion('did opal cry', index.words, index.otherKin);
    const ranked = retrieve(index, questionTerms(question)).sort((a, b) => b.bm25 - a.bm25);
    expect(ranked[0]).toMatchObject({ id: 2, coverage: 1 });
  });
  it("keeps the verb of the question that wink's stop list drops, so a topic word alone does not answer", () => {
    const sentences = splitSentences('The club was on Cottage Grove. When the club closed I kept the old sign.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const terms = questionTerms(normalizeQuestion('did you keep anything from the club', index.words, index.otherKin));
    expect(terms.map((t) => t.term)).toContain('keep');
    const byId = new Map(retrieve(index, terms).map((c) => [c.id, c.coverage]));
    expect(byId.get(2)).toBe(1);
    expect(byId.get(1)).toBeLessThan(0.6);
  });
  it('does not take a word for its opposite: who bought is not answered by who sold', () => {
    const sentences = splitSentences('My father sold the farm to a neighbor. We bought a truck and moved to Chicago.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const terms = questionTerms(normalizeQuestion('who bought the farm', index.words, index.otherKin));
    const first = retrieve(index, terms).find((c) => c.id === 1);
    expect(first?.coverage ?? 0).toBeLessThan(0.6);
  });
  it('drops "close", "old" as the frame of "how close", "how old" only, not in "when did the club close"', () => {
    const sentences = splitSentences('The club closed for good. It opened in 1950.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const terms = (q: string) => questionTerms(normalizeQuestion(q, index.words, index.otherKin)).map((t) => t.term);
    expect(terms('when did the club close')).toEqual(['club', 'close']);
    expect(terms('how close was the club')).toEqual(['club']);
  });
});

describe('decide', () => {
  it('declines a date found in a sentence that covers the question worse than one without a date', () => {
    const sentences = splitSentences(
      'I started at the club in 1955. In the end the club closed, and nobody told us why.',
    );
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const question = normalizeQuestion('when did the club close', index.words, index.otherKin);
    const terms = questionTerms(question);
    const judged = judge(index, retrieve(index, terms), question, terms);
    expect(decide(judged, index, 2)).toEqual({ kind: 'not-in-story' });
    const opened = normalizeQuestion('when did you start at the club', index.words, index.otherKin);
    const openedTerms = questionTerms(opened);
    const answer = decide(judge(index, retrieve(index, openedTerms), opened, openedTerms), index, 2);
    expect(answer).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it("declines when only the topic word matches and the question's verb is nowhere in the story", () => {
    const sentences = splitSentences('We had a red barn. The cows slept in it. My father built a fence.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const ask = (q: string) => {
      const question = normalizeQuestion(q, index.words, index.otherKin);
      const terms = questionTerms(question);
      return decide(judge(index, retrieve(index, terms), question, terms), index, 3);
    };
    expect(ask('did you paint the barn')).toEqual({ kind: 'not-in-story' });
    expect(ask('did your father build the fence')).toMatchObject({ kind: 'answer', chosen: { id: 3 } });
  });
  it('takes the name asked for from a fragment right after the sentence naming what it names', () => {
    const sentences = splitSentences('We met at a dance. Your grandfather, now. Otis. He played bass.');
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const question = normalizeQuestion('what was your grandfathers name', index.words, index.otherKin);
    const terms = questionTerms(question);
    const decision = decide(judge(index, retrieve(index, terms), question, terms), index, 4);
    expect(decision).toMatchObject({ kind: 'answer', chosen: { id: 2, bridge: 3 } });
  });
  it('finds a voyage by its travel verb: "when you came to england" matches "I sailed from Kingston"', () => {
    const sentences = splitSentences(
      'I sailed from Kingston in 1961, nineteen years old. The voyage took seventeen days.',
    );
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const terms = questionTerms(normalizeQuestion('when did you come to england', index.words, index.otherKin));
    expect(retrieve(index, terms).find((c) => c.id === 1)?.coverage ?? 0).toBeGreaterThan(0);
  });
  const askStory = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;
  it('does not need the verb of a "when…" clause in the place that answers "where were you when…"', () => {
    const story = 'In May 1951 we were docked off Malta when the radio picked up a mayday. We sailed at once.';
    expect(askStory(story, 'where were you when you heard the mayday')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1 },
    });
  });
  it('answers "where is it now" from what the story says of now, not where it was', () => {
    const story = 'I wore the brooch on my coat until the war. I still have it. It is in a drawer in my bedroom.';
    expect(askStory(story, 'where is the brooch now')).toMatchObject({ kind: 'answer', chosen: { id: 1, bridge: 3 } });
    expect(askStory(story, 'where did you wear the brooch')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('takes a place from the next sentence only when this one speaks of the thing asked about', () => {
    const story =
      'I kept him talking all night. We found him at dawn in a lifeboat. I kept the letters. They are in a box.';
    const answer = askStory(story, 'where do you keep the letters');
    expect(answer).toMatchObject({ kind: 'answer', chosen: { id: 3, bridge: 4 } });
  });
  it("declines a fact weakly matched in a sentence that does not speak of the question's key noun", () => {
    const story =
      'The winters were long on the ridge. We were paid two dollars a bushel for picking apples. Summers we swam in the creek and fished.';
    expect(askStory(story, 'how much did you earn in a summer')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'how much were you paid for apples')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    // The story's topic (a noun of many of its sentences) goes without saying.
    const shop =
      'The shop was my life. The shop sold bread. Every child knew the shop. We opened at six in the morning and closed at nine at night. The shop closed in 1990.';
    expect(askStory(shop, 'what hours was the shop open')).toMatchObject({ kind: 'answer', chosen: { id: 4 } });
    // A fragment after the sentence that speaks of it answers together with it.
    const bakery = 'In 1961 we bought a bakery on Elm Street. Nine hundred dollars, with a loan. The ovens were old.';
    expect(askStory(bakery, 'how much did the bakery cost')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1, bridge: 2 },
    });
  });
  it('answers "why" with a sentence giving a reason outright, on less of the question\'s wording', () => {
    const story =
      'We went up to Fresno in the old Ford every June. It took three days, because the radiator kept boiling over. Fresno was hot and the work was hard. The drive home took two days.';
    expect(askStory(story, 'why did the drive to fresno take so long')).toMatchObject({
      kind: 'answer',
      chosen: { id: 2 },
    });
  });
  it('does not count one thing for another: "how many cows did Abe have" is not "Abe had three sons"', () => {
    const story = 'My uncle Abe loved his cows. Abe had three sons and a mule. Abe kept forty hens too.';
    expect(askStory(story, 'how many cows did abe have')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'how many sons did abe have')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(askStory(story, 'how many hens did abe keep')).toMatchObject({ kind: 'answer', chosen: { id: 3 } });
  });
  it('takes a date from the next sentence only when that one tells no event of its own', () => {
    expect(
      askStory('We sold the farm to pay the debts. So in May we moved to Leeds.', 'when did you sell the farm'),
    ).toEqual({
      kind: 'not-in-story',
    });
    expect(
      askStory('We sold the farm to pay the debts. That was in May 1931.', 'when did you sell the farm'),
    ).toMatchObject({
      kind: 'answer',
      chosen: { id: 1, bridge: 2 },
    });
  });
  it('prefers a duration in the unit asked: "how many days" is "eleven days", not "nine seconds"', () => {
    const story =
      'We hid Jan behind the wardrobe, and we got it done in nine seconds flat when Jan was home. Jan was away eleven days that March.';
    expect(askStory(story, 'how many days was jan away')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const [seconds] = factsIn('It took nine seconds.').filter((f) => f.kind === 'duration');
    const [days] = factsIn('It took eleven days.').filter((f) => f.kind === 'duration');
    expect(unitFit(seconds, 'how many days was jan away')).toBeLessThan(unitFit(days, 'how many days was jan away'));
  });
  it('dates only the event asked about, and takes a name the story writes only opening a sentence', () => {
    const story = 'Marta married my cousin Piet in 1951. Marta was always late. We moved to Utrecht in 1953.';
    expect(askStory(story, 'what year was marta born')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'when did marta marry piet')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
    expect(askStory(story, 'what year did marta move')).toEqual({ kind: 'not-in-story' });
  });
  it('answers a yes/no question only with a sentence that says its verb, not only its topic', () => {
    const story = 'In 1951 they shipped me to Korea with the Seventh. I saw Pusan harbour burn.';
    expect(askStory(story, 'did you ever visit pusan harbour')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'did you see pusan harbour burn')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it("takes an age said of the one asked about: the narrator's for 'you', someone else's for them", () => {
    const story = 'My brother Tom went to sea when I was nine. Tom came back a year later.';
    expect(askStory(story, 'how old was your brother when he went to sea')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'how old were you when tom went to sea')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1 },
    });
  });
  it("does not take the price of one thing for another's", () => {
    const story = 'Dad bought the tractor in 1952. He paid four hundred dollars for the plough, secondhand.';
    expect(askStory(story, 'how much did the tractor cost')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'how much did the plough cost')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('declines what the narrator says she does not know or will not tell', () => {
    const story =
      'My brother went to Alaska in 1958. That is a different story. He wrote to us from Juneau. Then he sold the boat, and I never knew why.';
    expect(askStory(story, 'what happened to your brother in alaska')).toEqual({ kind: 'not-in-story' });
    expect(askStory(story, 'why did your brother sell the boat')).toEqual({ kind: 'not-in-story' });
    // "I never knew why" does not keep it from telling what he sold.
    expect(askStory(story, 'what did your brother sell')).toMatchObject({ kind: 'answer', chosen: { id: 4 } });
  });
  it('answers "who did X" only with a sentence where someone does X', () => {
    const sentences = splitSentences(
      'I left the farm at eighteen and joined the Air Force. My brother Gene took over the farm. Gene sold it later.',
    );
    const index = storyIndex({ sentences, story: { title: 'T' } });
    const question = normalizeQuestion('who took over the farm', index.words, index.otherKin);
    const terms = questionTerms(question);
    const judged = judge(index, retrieve(index, terms), question, terms);
    expect(judged.find((j) => j.id === 1)?.passes).toBe(false);
    expect(decide(judged, index, 3)).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});
