import { describe, expect, it } from 'vitest';
import { answerStory, askStages } from './ask-for-tests.ts';
import { factsIn } from './entities.ts';
import { answeringFacts, namedThing, namesOf, withContext } from './type-match.ts';

const ask = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;
const namesIn = (sentence: string, q: string, thing: string) => [
  ...new Set(namesOf(sentence, answeringFacts(factsIn(sentence), 'name', q), thing, q).map((f) => f.text)),
];

describe('name questions', () => {
  it('finds the thing by the story\'s word for it ("mom" asked, "my mother" told)', () => {
    expect(namesIn('My mother, Ada Price, kept bees behind the chapel.', 'what was your mom name', 'mom')).toEqual([
      'Ada Price',
    ]);
  });
  it('takes a name after an apposition describing the thing, not after a verb', () => {
    expect(
      namesIn('We kept the horse, a grey old mare called Biscuit, in the top field.', 'horse name', 'horse'),
    ).toEqual(['Biscuit']);
    expect(namesIn('The horse kicked a boy called Samuel.', 'horse name', 'horse')).toEqual([]);
  });
  it('takes the name of "Ned Ames, who became your grandfather"', () => {
    expect(
      namesIn('We bought the farm off Ned Ames, who became your grandfather.', 'grandfather name', 'grandfather'),
    ).toEqual(['Ned Ames']);
  });
  it('does not give a title and the surname asked about as a first name', () => {
    expect(namesIn('Doctor Whitlow and Missus Whitlow had two sons.', 'missus whitlow first name', 'whitlow')).toEqual(
      [],
    );
  });
  it('answers "what is the baker\'s name" from a name told in the past', () => {
    const story = 'We worked for a baker in Leeds. The baker was a man named Oswin Hart. He was kind to us.';
    expect(ask(story, 'whats the bakers name')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('takes a name given by a pronoun a sentence or a short fragment later', () => {
    const story = 'That spring our ewe had a lamb. A tiny black one. My sister named it Pepper. We sold the ewe later.';
    expect(ask(story, 'what was the lambs name')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1, bridge: 3, facts: [{ text: 'Pepper' }] },
    });
  });
  it('gives "Her real name is…" to the one spoken of last, not to the one who named her', () => {
    const story =
      'Then our cousin, Bunny, was born in May. The midwife was Welsh, she called her Bunny because she was so small. Her real name is Bernadette. We moved.';
    expect(ask(story, 'whats bunnys real name')).toMatchObject({ kind: 'answer', chosen: { id: 3 } });
    expect(ask(story, 'what was the midwifes name')).toEqual({ kind: 'not-in-story' });
  });
  it('reads the thing of "what was X called" as the head of X', () => {
    expect(namedThing('what were the miller boys called')).toBe('boys');
    expect(namedThing('what was the nurse on the ship called')).toBe('nurse');
    expect(namedThing('what was the program you came on called')).toBe('program');
    expect(namedThing('what was the dog called')).toBe('dog');
  });
  it('takes a fragment right after as the name only when the fragment is the name', () => {
    expect(ask('Your grandfather, now. Otis. He drove a cab.', "what was your grandfather's name")).toMatchObject({
      kind: 'answer',
      chosen: { bridge: 2 },
    });
    expect(
      ask('My other brother, the young one, came later. Kuldeep was different.', "what was your brother's name"),
    ).toEqual({
      kind: 'not-in-story',
    });
  });
  it('takes the name from the next sentence when that one names the thing in its own words', () => {
    const story =
      'I rode my first pony at the fair in Ennis. Pony was called Blackie, and he bit everyone. We went home.';
    expect(ask(story, 'what was the first pony called')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1, bridge: 2 },
    });
  });
  it('gives the narrator\'s own kin for "your brother", not someone else\'s', () => {
    const sentence = 'His younger brother, Nils, drove the cart.';
    expect(namesIn(sentence, 'what was your brother name', 'brother')).toEqual([]);
    expect(namesIn(sentence, 'what was his brother name', 'brother')).toEqual(['Nils']);
    expect(namesIn('My younger brother, Nils, drove the cart.', 'what was your brother name', 'brother')).toEqual([
      'Nils',
    ]);
  });
});

describe('colour questions', () => {
  it('takes "a gray one" as the colour of the thing just named, not of another thing', () => {
    const sentence = 'He bought a Panama hat, a gray one, the first thing he ever bought for himself.';
    expect(
      answeringFacts(withContext(sentence, factsIn(sentence)), 'colour', 'what color was the panama').map(
        (f) => f.text,
      ),
    ).toEqual(['gray']);
    const other = 'He met a man with a red truck.';
    expect(answeringFacts(withContext(other, factsIn(other)), 'colour', 'what color was his car')).toEqual([]);
  });
});

describe('year questions', () => {
  it('takes a date counted in years from another ("two years later"), not a month', () => {
    const year = (sentence: string) =>
      answeringFacts(withContext(sentence, factsIn(sentence)), 'year', 'what year did you get married').map(
        (f) => f.text,
      );
    expect(year('We were married two years later in the chapel.')).toEqual(['two years later']);
    expect(year('We were married in March, in the chapel.')).toEqual([]);
    expect(year('We were married in 1952, two years later.')[0]).toBe('1952');
  });
});

describe('why a name', () => {
  it('reads "why is X called Y" as asking the reason, with the naming as what it is about', () => {
    const story =
      'Then our cousin, Bunny, was born in May, in the cottage hospital. The nurse called her Bunny because she had such big front teeth, and the name stuck. We moved to Leeds after.';
    expect(answerStory(story, 'why is cousin bunny called bunny')).toMatchObject({
      declined: false,
      citedSentenceIds: [2],
    });
  });
});
