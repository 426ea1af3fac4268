/** Head starts from ratings and the relaxed (accessible) race. */
export const handicapEn = {
  'handicap.setting': 'Head starts from ratings',
  'handicap.hint':
    'Lower-rated players start earlier, so that everyone is expected to finish together. Unrated.',
  'handicap.title': 'Head starts',
  'handicap.ahead': '{name} starts {time} ahead',
  'handicap.none': '{name} starts last',
  'handicap.rule':
    'From the ratings: every {points} points is taken as twice as fast ({reference} for a {rating} player on {difficulty}); each head start is at most {max}. Races with head starts are not rated.',
  'handicap.wait': 'Your puzzle appears in',
  'handicap.waitWhy': 'The others started ahead of you: head starts from the ratings.',
  'relaxed.setting': 'Relaxed race (accessible)',
  'relaxed.hint':
    'Twice the time limit, no idle rule, finishers ranked by mistakes, not speed. Unrated.',
  'relaxed.note': 'A relaxed race: finishers are ranked by mistakes, not speed.',
};

export const handicapZh: Record<keyof typeof handicapEn, string> = {
  'handicap.setting': '按等级分让时',
  'handicap.hint': '等级分较低的玩家先开始，使大家预计同时完成。不计等级分。',
  'handicap.title': '让时',
  'handicap.ahead': '{name} 提前 {time} 开始',
  'handicap.none': '{name} 最后开始',
  'handicap.rule':
    '按等级分计算：每高 {points} 分视为快一倍（{rating} 分玩家在{difficulty}难度约需 {reference}）；每人最多提前 {max}。让时比赛不计等级分。',
  'handicap.wait': '你的谜题出现还需',
  'handicap.waitWhy': '其他人按等级分让时先开始了。',
  'relaxed.setting': '轻松赛（无障碍）',
  'relaxed.hint': '时间上限加倍，不因闲置出局，完成者按错误数而非速度排名。不计等级分。',
  'relaxed.note': '轻松赛：完成者按错误数而非速度排名。',
};
