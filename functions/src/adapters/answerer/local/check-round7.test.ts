import { afterEach, describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { checkTuning } from './check.ts';
import { expectRuleDeclines } from './check-for-tests.ts';

/**
 * Round 7's check rules on made-up stories: with the rule off the question is answered (wrongly), with it on
 * the answer is "My story doesn't say"; and a sentence that does tell the fact still answers.
 */
afterEach(() => checkTuning.off.clear());

describe('check: what a number counts', () => {
  it('a count of another thing does not answer "how many children"', () => {
    const story =
      'My friend Tunde worked the night shift with me at the depot. On Sundays Tunde came to our house to play with the children. He taught me nine new words of Hausa.';
    expectRuleDeclines('count-of-other', story, 'how many children did tunde have');
    const told = `${story} Tunde and his wife had six children.`;
    expect(answerStory(told, 'how many children did tunde have').answer).toContain('six');
  });

  it('"ten of it" is a share of one thing, not a number of cows', () => {
    const story =
      'The Mahers had a farm near Ennis, with cows and a big family of children. They paid me a pound a week. I sent ten of it home.';
    expectRuleDeclines('count-of-other', story, 'how many cows did the mahers have on the farm');
  });

  it("the counted thing is the last of the question's nouns", () => {
    const story = 'We moved to the allotment by the canal. There we grew forty apple trees and three plum trees.';
    expect(answerStory(story, 'how many fruit trees did you grow').answer).toContain('forty apple trees');
  });
});

describe('check: whose fact a list gives', () => {
  const story =
    'We were four children. Agnes was the eldest, born in 1931. Then Declan, three years after her, then myself, and then Peadar, the baby, born in 1940.';

  it("a year in another named person's clause is not the one asked about", () => {
    expectRuleDeclines('fact-of-named-other', story, 'when was declan born');
  });

  it("the year in the asked person's own clause answers", () => {
    expect(answerStory(story, 'when was peadar born').answer).toContain('1940');
  });
});

describe("check: a relative said only as another's owner", () => {
  it('"my father\'s mother… until she died" does not tell when the father died', () => {
    const story =
      "My father fished for lobster off the island. My father's mother lived with us until she died in 1944. We left the island in 1950.";
    expectRuleDeclines('only-owner', story, 'when did your dad die');
    const told = `${story} My father died in 1961.`;
    expect(answerStory(told, 'when did your dad die').answer).toContain('1961');
  });
});

describe('check: a full name that is not the one asked about', () => {
  it('"what was Pryce\'s first name" is not answered by another full name', () => {
    const story =
      'The stationmaster, Mister Pryce, made us polish our buttons every day. Mister Pryce had a daughter at school in England. At the wedding my bride was the most beautiful girl in Kano. Her name? Grace Okafor.';
    expectRuleDeclines('other-full-name', story, 'what was pryces first name');
    const told = 'The stationmaster, Mister Pryce, made us polish our buttons. His name? Edward Pryce.';
    expect(answerStory(told, 'what was pryces first name').answer).toContain('Edward Pryce');
  });
});

describe('check: someone the story never names', () => {
  const story =
    'We had a dairy farm outside Ellsworth. I milked twelve cows every morning before school. My brother Walt milked the other eight.';

  it('"how many cows did Bartholomew milk" is not answered with the narrator\'s cows', () => {
    expectRuleDeclines('unknown-person', story, 'how many cows did bartholomew milk');
  });

  it('a name the story has, or one typed a letter off, is still answered', () => {
    expect(answerStory(story, 'how many cows did walt milk').answer).toContain('eight');
    expect(answerStory(story, 'how many cows did wlat milk').declined).toBe(false);
  });
});

describe("the issue's own car (what a new user asked on a phone)", () => {
  const story =
    'My father bought a green Chevrolet in the spring of 1949. He paid three hundred dollars for it, which was a lot of money then.\n\n' +
    'My brother Walt was born the winter after we got the car.\n\n' +
    'In 1956 Father sold the car to Mr Hanson down the road for eighty dollars.';

  it('"how much did the car cost" is what was paid for it, not what it was sold for a clause later', () => {
    expect(answerStory(story, 'how much did the car cost').answer).toContain('three hundred dollars');
  });

  it('"what color was the car": a Chevrolet is the car', () => {
    expect(answerStory(story, 'what color was the car').answer).toContain('green Chevrolet');
  });
});
