import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text.ts';
import { answerStory, askStages } from './ask-for-tests.ts';
import { type Fact, factsIn } from './entities.ts';
import { normalizeQuestion } from './question.ts';
import { answeringFacts, withContext } from './type-match.ts';
import { namesAfterStranded, roleBeside, tellsRole, whichThing } from './which.ts';

const ask = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;

describe('which: "what X" asks which one of a thing', () => {
  it('reads the thing asked about', () => {
    expect(whichThing('what kind of bread did you bake')).toMatchObject({ kind: true });
    expect(whichThing('what school did you go to')).toMatchObject({ kind: false });
    expect(whichThing('what did you do')).toBeUndefined();
    expect(whichThing('what time did you leave')).toBeUndefined();
  });
  it('declines "what kind of X" when the story only mentions X without saying which kind', () => {
    const story = 'After the war we moved to Leeds, where my mother worked in a biscuit factory for nine years.';
    expect(ask(story, 'what kind of biscuits did the factory make')).toEqual({ kind: 'not-in-story' });
    expect(
      ask('The factory made ginger biscuits. We ate the broken ones.', 'what kind of biscuits did they make'),
    ).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('does not take a name elsewhere in a sentence that says the thing bare for its kind ("the van… to Leith")', () => {
    const story = "That night my uncle put us all in the van and drove us up to my Aunt Morag's house in Leith.";
    expect(ask(story, 'what kind of van did your uncle have')).toEqual({ kind: 'not-in-story' });
    expect(
      ask(
        'That night my uncle put us all in the Bedford van and drove us to Leith.',
        'what kind of van did your uncle have',
      ),
    ).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('answers a role question with the vehicle someone drove or the place they worked in, not a ride', () => {
    const story =
      'My grandfather Idris drove us to the coast every August. Idris drove the bus to Llanelli for twenty years.';
    expect(tellsRole('He drove the bus to Llanelli.')).toBe(true);
    expect(tellsRole('She worked in the bakery on Mill Lane.')).toBe(true);
    expect(tellsRole('He drove us to the coast.')).toBe(false);
    // A deed with its object in a relative clause, not "who died", "who moved away".
    expect(tellsRole('I married the man who repaired the clocks in Kendal.')).toBe(true);
    expect(tellsRole('My aunt, who moved away in 1950, wrote every week.')).toBe(false);
    expect(ask(story, 'what was idris job')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const aunt = 'Aunt Hedda came to every wedding. Aunt Hedda worked in the glove factory until 1960.';
    expect(ask(aunt, 'what did aunt hedda do for a living')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it("takes the role told beside a sentence that only speaks of the job, the narrator's in the first person", () => {
    const story =
      'I started at the mill in 1949. I was a bobbin girl. Dirty work, the lowest job in the mill. The overseer was a man called Fenwick.';
    expect(answerStory(story, 'what was your first job in the mill')).toMatchObject({ citedSentenceIds: [3, 2] });
    expect(
      roleBeside(
        splitSentences(story).map((x) => x.text),
        2,
        true,
      ),
    ).toBe(1);
    // Someone else's role is not the narrator's ("The overseer was a man called Fenwick").
    expect(
      roleBeside(['', 'Dirty work, the lowest job in the mill.', 'The overseer was a man called Fenwick.'], 1, true),
    ).toBeUndefined();
    // "…worked for the railway. / Section hand.": a fragment that is only a role.
    expect(roleBeside(['', 'My father worked for the railway.', 'Section hand.'], 1, false)).toBe(2);
  });
  it('answers "what ship did you come on" with a name after "on", the ship unsaid, not a weekday', () => {
    const story =
      'My brother had gone ahead to Toronto. In 1958 we sailed from Bremen on the Seven Seas, with two suitcases. The ship was crowded.';
    expect(ask(story, 'what ship did you come over on')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(
      namesAfterStranded('We came on the Monday.', factsIn('We came on the Monday.'), 'what ship did you come on'),
    ).toBe(false);
  });
  it('does not take a place for the thing asked: "what hospital… in Spain" is not "in Madrid"', () => {
    const story = 'I went to work in Spain, in Madrid, and then here to Ohio.';
    expect(ask(story, 'what hospital did you work at in spain')).toEqual({ kind: 'not-in-story' });
  });
  it('takes the object of a question ending on a preposition, and a role for "what job"', () => {
    const story = 'In 1950 I sailed from Genoa on the Saturnia with my brother. Later I became a bus driver.';
    expect(ask(story, 'what ship did you sail on')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
    expect(ask(story, 'what job did you have later')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('takes the object of the question verb as the thing: "what vegetables did she grow" / "she grew cabbages"', () => {
    const story = 'My mother kept a garden behind the hut. She grew cabbages and beans there.';
    expect(ask(story, 'what vegetables did she grow')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(ask('My mother went to work in the garden every day.', 'what vegetables did she work on')).toEqual({
      kind: 'not-in-story',
    });
  });
  it('answers "what was your uncle\'s job" with a role said of him, without the word "job"', () => {
    const story =
      'My uncle Teodor was a lamplighter in Lviv. He had a bad leg. That was the spring my uncle came home.';
    expect(whichThing('what was your uncle job')).toMatchObject({ kind: false });
    expect(ask(story, 'what was your uncles job')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
    // "That was the spring…" says when, not what he did; an apposition tells a role too.
    expect(ask('That was the spring my uncle came home.', 'what was your uncles job')).toEqual({
      kind: 'not-in-story',
    });
    expect(
      ask('We lodged with Mr. Abel, a retired tram driver, near the docks.', 'what job did mr abel have'),
    ).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('reads "what did he do for a living" as a question about his job, and prefers the sentence telling one', () => {
    const story =
      'My husband Piet always joked about the neighbours, a loud family. In 1931 I married my husband Piet, a tram driver in Haarlem.';
    expect(ask(story, 'what did your husband do for a living')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it("does not take a person's name for the job asked about", () => {
    const story = 'Anke came back with nothing. Marijke shared her bread with the whole street anyway.';
    expect(ask(story, 'what was ankes job')).toEqual({ kind: 'not-in-story' });
  });
  it('answers "what kind of boat was the Mary Ellen" with what the sentence says she was', () => {
    const story = 'The boats in the harbour were all sizes. We fished from the Mary Ellen, a trawler.';
    expect(ask(story, 'what kind of boat was the mary ellen')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(ask('We had a dog called Rex. The dogs barked all night.', 'what kind of dog was rex')).toEqual({
      kind: 'not-in-story',
    });
  });
});

describe('which fact of a sentence answers', () => {
  const facts = (sentence: string, q: string) =>
    answeringFacts(withContext(sentence, factsIn(sentence)) as Fact[], normalizeQuestion(q, new Set()).want, q).map(
      (f) => f.text,
    );
  it('prefers the place next to the question words over one that repeats them or stands far off', () => {
    const sentence = 'We were anchored in Manila Bay in August 1945, when the treaty was signed on the Iowa.';
    expect(facts(sentence, 'where was the treaty signed')[0]).toBe('the Iowa');
    const college = 'In 1970 I got a place at the nursing college in Cork, the first girl from our lane to go.';
    expect(facts(college, 'where did you go to college')[0]).toBe('Cork');
  });
  it('takes the measure of the dimension asked: "how far" a distance, "how big" an area', () => {
    const sentence = 'The orchard was forty acres, about three miles from the river.';
    expect(facts(sentence, 'how far was the orchard from the river')[0]).toBe('three miles');
    expect(facts(sentence, 'how far was the orchard from the river')).not.toContain('forty acres');
    expect(facts(sentence, 'how big was the orchard')[0]).toBe('forty acres');
    expect(
      facts('It got to twenty below that winter, and the drifts were six feet high.', 'how cold did it get')[0],
    ).toBe('twenty below');
  });
  it('takes a name before a people\'s word for who someone was ("an old Irishman, Seamus")', () => {
    expect(facts('The foreman was an old Irishman, Seamus, who shouted a lot.', 'who was the foreman')[0]).toBe(
      'Seamus',
    );
  });
  it('takes any thing a locative preposition names as a place, after named places, but not a time', () => {
    expect(facts('I slept on a folding bed next to the stove for a year.', 'where did you sleep')[0]).toBe(
      'a folding bed',
    );
    expect(facts('We got there in the morning and slept in the hayloft.', 'where did you sleep')).toEqual([
      'the hayloft',
    ]);
    expect(facts('We lived in a trailer in Dayton.', 'where did you live')[0]).toBe('Dayton');
    expect(facts('She came home on the nineteenth.', 'where did she come home')).toEqual([]);
  });
  it('takes the place after the question\'s own preposition: "where was she from" / "from Ohio"', () => {
    const sentence = 'In the camp school my teacher was a young woman from Ohio, Mrs. Lund, who sang to us.';
    expect(facts(sentence, 'where was mrs lund from')[0]).toBe('Ohio');
  });
  it('does not answer with a name said of the question\'s own thing ("the Hollister shipyard")', () => {
    expect(
      facts('We went to the Hollister shipyard, where we slept in a loft.', 'where did you sleep at the shipyard')[0],
    ).toBe('a loft');
  });
  it("dates an event by a decade, by what happened then, or by the narrator's age", () => {
    expect(facts('By the late fifties we had a television.', 'when did you get a television')).toEqual([
      'the late fifties',
    ]);
    expect(facts('Back in the 1920s my father drove a mule team.', 'when did your father drive mules')).toEqual([
      'the 1920s',
    ]);
    expect(facts('We ate turnips all through the winter during the Blockade.', 'when did you eat turnips')).toContain(
      'during the Blockade',
    );
    expect(facts('I quit school at fifteen.', 'when did you quit school')).toEqual(['fifteen']);
    expect(facts('We closed at nine.', 'what time did you close')).toEqual(['nine']);
  });
  it('takes where a journey was bound: "left the quay for Buenos Aires"', () => {
    expect(facts('Each March the whalers left the quay for South Georgia.', 'where did the whalers go')).toEqual([
      'South Georgia',
    ]);
  });
  it('does not count "every one", "the first", nor money or time for "how many men"', () => {
    expect(facts('She kept every one of them.', 'how many letters did she keep')).toEqual([]);
    expect(facts('He was the first doctor in the valley.', 'how many doctors were there')).toEqual([]);
    expect(facts('The pay was a dollar twenty an hour.', 'how many men were on the crew')).toEqual([]);
    expect(facts('The pay was a dollar twenty an hour.', 'how much did they pay')).toContain('a dollar');
    expect(facts('Maybe.', 'what was the dogs name')).toEqual([]);
  });
  it('takes only a colour said of the thing asked about', () => {
    const sentence = 'The bus broke down, and a farmer with a red tractor towed us.';
    expect(facts(sentence, 'what colour was the bus')).toEqual([]);
    expect(facts(sentence, 'what colour was the tractor')).toEqual(['red']);
    expect(facts('Our bus was green and white.', 'what colour was the bus')).toEqual(['green', 'white']);
    expect(facts('The bus was a blue Bedford.', 'what colour was the bus')).toEqual(['blue']);
  });
  it('takes the fact nearest a name the question holds: "…and our daughter Ruth in May 1960"', () => {
    const sentence = 'Our son Karl was born in June 1957 and our daughter Ruth in May 1960, both at home.';
    expect(facts(sentence, 'when was ruth born')[0]).toBe('1960');
    expect(facts(sentence, 'when was karl born')[0]).toBe('1957');
  });
  it('reads "half past five" as a clock time', () => {
    expect(facts('I was up at half past five to light the stove.', 'what time did you wake up')).toContain('five');
  });
  it('reads "from five to eight" as hours of the day', () => {
    expect(facts('Then I went to Chinese school from five to eight.', 'what time did chinese school start')).toContain(
      'five',
    );
  });
  it('reads a number said to be a year as one ("the year we moved was sixty-two")', () => {
    expect(facts('The year we moved was sixty-two.', 'what year did you move')).toEqual(['sixty-two']);
  });
});
