/**
 * The catalogue of ratings, rated rooms and the commit–reveal check (`rating.`, `fair.`), merged by `src/i18n/index.ts`. Keys never repeat a key of another
 * catalogue; `ratingZh` must translate every key (a missing one is a compile error).
 */
export const ratingEn = {
  'rating.title': 'rating',
  'rating.provisionalMark': '?',
  'rating.provisional': 'provisional: fewer than 10 rated races',
  'rating.of': 'rating {value}',
  'rating.unknown': 'rating unavailable',
  'rating.change': '{after} ({delta})',
  'rating.changeLabel': 'rating {before} → {after}',
  'rating.rated': 'Rated',
  'rating.unrated': 'Unrated',
  'rating.ratedHint': 'races with two or more players change ratings',
  'rating.unratedHint': 'ratings do not change here',
  'rating.setting': 'Rated room',
  'rating.raceUnrated': 'Unrated race: ratings did not change.',
  'rating.unrated.roomUnrated': 'The room is unrated.',
  'rating.unrated.importedPuzzle': 'The host brought this puzzle: races on it are not rated.',
  'rating.unrated.tooShort': 'It ended before 30 seconds: too short to rate.',
  'rating.unrated.firstRaces':
    'A device’s first race here is unrated, and it was the first race of all but one player.',
  'rating.unrated.tooFewPlayers':
    'Fewer than two players counted (left or gave up in the first 30 seconds, kicked, too fast, or rated in another race at the same time).',
  'fair.title': 'Fairness',
  'fair.ok': 'Puzzle fixed before the start ✓',
  'fair.okDetail':
    'This device received the commitment in the countdown, before the puzzle; it did not change, the puzzle revealed is the one played, and SHA-256 of the puzzle, its solution and the secret revealed now matches it.',
  'fair.unwitnessed':
    'The revealed values match the commitment, but this device did not see it before the start',
  'fair.unwitnessedDetail':
    'This page first saw the race after it had started, so it cannot tell whether the commitment was sent before the puzzle.',
  'fair.storedMatches': 'The stored race matches its commitment',
  'fair.storedMatchesDetail':
    'This device did not keep the commitment from the race itself: this shows the stored race is consistent, not that its puzzle was fixed before the start.',
  'fair.commitmentChanged': '✗ the commitment changed during the race',
  'fair.commitmentChangedDetail': 'first received: {first} · at the end: {last}',
  'fair.puzzleChanged': '✗ the puzzle revealed is not the one you played',
  'fair.puzzleChangedDetail':
    'The puzzle this device was shown during the race differs from the one revealed at the end.',
  'fair.mismatch':
    '✗ the commitment does not match: the puzzle may have been changed after the start',
  'fair.mismatchDetail': 'commitment: {expected} · computed now: {actual}',
  'fair.noCommitment': 'No commitment for this race (stored by an older server): nothing to check',
  'fair.notRevealed': 'The secret is revealed when the race ends.',
  'fair.malformed': '✗ the commitment does not match: the {field} sent is malformed',
  'fair.commitment': 'Commitment',
  'fair.secret': 'Secret',
  'fair.verify': 'Check it yourself:',
  'fair.field.commitment': 'commitment',
  'fair.field.secret': 'secret',
  'fair.field.puzzle': 'puzzle',
  'fair.field.solution': 'solution',
} as const;

export const ratingZh: Record<keyof typeof ratingEn, string> = {
  'rating.title': '等级分',
  'rating.provisionalMark': '?',
  'rating.provisional': '暂定：评级比赛少于 10 场',
  'rating.of': '等级分 {value}',
  'rating.unknown': '等级分暂不可用',
  'rating.change': '{after}（{delta}）',
  'rating.changeLabel': '等级分 {before} → {after}',
  'rating.rated': '计分',
  'rating.unrated': '不计分',
  'rating.ratedHint': '两人及以上的比赛会改变等级分',
  'rating.unratedHint': '此房间不改变等级分',
  'rating.setting': '计分房间',
  'rating.raceUnrated': '不计分的比赛：等级分没有变化。',
  'rating.unrated.roomUnrated': '此房间不计分。',
  'rating.unrated.importedPuzzle': '这道题是房主自己带来的：用它比赛不计分。',
  'rating.unrated.tooShort': '比赛不到 30 秒就结束了：太短，不计分。',
  'rating.unrated.firstRaces': '设备在这里的第一场比赛不计分，而这是除一人外所有玩家的第一场。',
  'rating.unrated.tooFewPlayers':
    '计分的玩家不足两人（在前 30 秒内离开或放弃、被移出、速度过快，或同时在另一场计分比赛中）。',
  'fair.title': '公平性',
  'fair.ok': '题目在开始前已固定 ✓',
  'fair.okDetail':
    '本设备在倒计时中（题目出现之前）收到了承诺值；它没有改变，公开的题目就是你做的题，且与题目、答案和现在公开的密钥的 SHA-256 一致。',
  'fair.unwitnessed': '公开的数据与承诺值一致，但本设备在开始前没有看到承诺值',
  'fair.unwitnessedDetail': '本页面在比赛开始后才看到这场比赛，无法判断承诺值是否在题目之前发送。',
  'fair.storedMatches': '存档的比赛与其承诺值一致',
  'fair.storedMatchesDetail':
    '本设备没有保存比赛进行时的承诺值：这只说明存档的比赛前后一致，不能证明题目在开始前已固定。',
  'fair.commitmentChanged': '✗ 比赛过程中承诺值发生了变化',
  'fair.commitmentChangedDetail': '最先收到：{first} · 结束时：{last}',
  'fair.puzzleChanged': '✗ 公开的题目不是你做的那道题',
  'fair.puzzleChangedDetail': '本设备在比赛中看到的题目与结束时公开的题目不同。',
  'fair.mismatch': '✗ 承诺值不匹配：题目可能在开始后被更改',
  'fair.mismatchDetail': '承诺值：{expected} · 现在计算：{actual}',
  'fair.noCommitment': '这场比赛没有承诺值（由旧版服务器保存）：无可验证',
  'fair.notRevealed': '比赛结束时公开密钥。',
  'fair.malformed': '✗ 承诺值不匹配：收到的{field}格式不正确',
  'fair.commitment': '承诺值',
  'fair.secret': '密钥',
  'fair.verify': '自行验证：',
  'fair.field.commitment': '承诺值',
  'fair.field.secret': '密钥',
  'fair.field.puzzle': '题目',
  'fair.field.solution': '答案',
};
