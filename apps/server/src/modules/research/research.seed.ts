import type { Language } from '@coffer/contract';
import type { ResearchChannel } from '@coffer/contract/research-paths';

/**
 * The first editorial set, inserted by migration 0012. It is part of that migration: a
 * database that already ran it keeps these rows, so later items come with a new migration
 * (or an editor's tool), never by editing this file. Texts describe how Coffer works and
 * carry no prices, forecasts or promises of returns.
 */
export interface SeedItem {
  slug: string;
  channel: ResearchChannel;
  publishedAt: string;
  desk: 'research' | 'security' | 'operations';
  texts: Record<Language, { title: string; summary: string; paragraphs: string[] }>;
}

export const seedAuthors: Record<SeedItem['desk'], Record<Language, string>> = {
  research: { en: 'Coffer Research', 'zh-CN': 'Coffer 研究部', 'zh-TW': 'Coffer 研究部', ru: 'Аналитический отдел Coffer' },
  security: { en: 'Coffer Security Team', 'zh-CN': 'Coffer 安全团队', 'zh-TW': 'Coffer 安全團隊', ru: 'Служба безопасности Coffer' },
  operations: { en: 'Coffer Operations', 'zh-CN': 'Coffer 运营团队', 'zh-TW': 'Coffer 營運團隊', ru: 'Операционная служба Coffer' },
};

export const seedItems: SeedItem[] = [
  {
    slug: 'ledger-double-entry-and-holds',
    channel: 'research',
    publishedAt: '2026-09-08T08:00:00Z',
    desk: 'research',
    texts: {
      en: {
        title: 'How Coffer’s ledger keeps every balance exact',
        summary:
          'Double-entry journals, database-enforced invariants and two-phase holds: what happens behind a balance, and why a movement is either complete or not there at all.',
        paragraphs: [
          'Every balance you see on Coffer is the result of a ledger, not a number that is edited in place. Each movement — a deposit, a withdrawal, an internal transfer, a trade — is written as a journal entry made of postings, and the postings of one entry add up to exactly zero for each asset. When you receive 1 ETH, some other account gives up exactly 1 ETH in the same entry. Nothing appears out of nowhere and nothing disappears.',
          'The journal entry and the balance changes are written in one database transaction. Either both are stored or neither is, so a balance can never disagree with its history. The database itself refuses an entry that does not balance and refuses a customer balance that would become negative: these are constraints of the database, not only checks in application code, so a software fault cannot bypass them.',
          'Money that is on its way out is held in two phases. When you ask for a withdrawal, the amount and its fee move from your available balance to your frozen balance. If the withdrawal is sent, the hold is settled and the frozen amount leaves your account; if it is rejected or fails, the hold is released and the full amount returns to available. Your total balance is always available plus frozen, which is why the balance page shows both columns.',
          'Every movement triggered from outside carries an idempotency key. If a network hiccup makes a request arrive twice, the second one finds the key already used and changes nothing. Amounts are kept as whole numbers of the coin’s smallest unit, never as floating-point numbers, so no rounding error can creep into a balance.',
          'Your asset bills are read straight from these journal entries. Each line in the bills page, and each row of a downloaded CSV file, corresponds to a posting on your account, which is what makes a balance traceable line by line.',
        ],
      },
      'zh-CN': {
        title: 'Coffer 的账本如何保证每一笔余额准确无误',
        summary: '复式记账、由数据库强制执行的约束和两阶段冻结：余额背后发生了什么，以及为什么每一笔资金变动要么完整发生，要么根本不存在。',
        paragraphs: [
          '您在 Coffer 看到的每一个余额都来自账本，而不是一个可以被直接修改的数字。每一笔资金变动——充值、提币、内部转账、交易——都会记为一条由若干分录组成的凭证，同一条凭证中每种资产的分录金额相加恰好为零。您收到 1 ETH，同一条凭证里就有另一个账户恰好付出 1 ETH。资金不会凭空出现，也不会凭空消失。',
          '凭证和余额变动在同一个数据库事务中写入：要么全部保存，要么全部不保存，因此余额永远不会与其历史记录不一致。数据库本身会拒绝借贷不平衡的凭证，也会拒绝任何会让客户余额变为负数的操作。这些是数据库层面的约束，而不仅仅是程序里的检查，即使软件出现故障也无法绕过。',
          '正在转出的资金采用两阶段冻结。您申请提币时，提币金额和手续费会从可用余额转入冻结余额。提币成功发出后，冻结被结算，冻结金额离开您的账户；如果提币被拒绝或失败，冻结被释放，全部金额回到可用余额。您的总余额始终等于可用加冻结，这也是余额页面同时显示这两列的原因。',
          '每一笔由外部触发的资金变动都带有幂等键。如果网络波动导致同一请求到达两次，第二次会发现该键已被使用，不会产生任何变动。金额始终以币种最小单位的整数保存，从不使用浮点数，因此余额中不会出现舍入误差。',
          '您的资产账单直接读取自这些凭证。账单页面的每一行、下载的 CSV 文件中的每一行，都对应您账户上的一条分录，因此每一笔余额都可以逐行追溯。',
        ],
      },
      'zh-TW': {
        title: 'Coffer 的帳本如何確保每一筆餘額準確無誤',
        summary: '複式記帳、由資料庫強制執行的約束與兩階段凍結：餘額背後發生了什麼，以及為什麼每一筆資金異動要麼完整發生，要麼根本不存在。',
        paragraphs: [
          '您在 Coffer 看到的每一個餘額都來自帳本，而不是一個可以被直接修改的數字。每一筆資金異動——入金、提幣、內部轉帳、交易——都會記為一張由若干分錄組成的傳票，同一張傳票中每種資產的分錄金額相加恰好為零。您收到 1 ETH，同一張傳票裡就有另一個帳戶恰好付出 1 ETH。資金不會憑空出現，也不會憑空消失。',
          '傳票與餘額異動在同一個資料庫交易中寫入：要麼全部儲存，要麼全部不儲存，因此餘額永遠不會與其歷史紀錄不一致。資料庫本身會拒絕借貸不平衡的傳票，也會拒絕任何會讓客戶餘額變為負數的操作。這些是資料庫層面的約束，而不只是程式裡的檢查，即使軟體發生故障也無法繞過。',
          '正在轉出的資金採用兩階段凍結。您申請提幣時，提幣金額與手續費會從可用餘額轉入凍結餘額。提幣成功送出後，凍結被結算，凍結金額離開您的帳戶；若提幣被拒絕或失敗，凍結被釋放，全部金額回到可用餘額。您的總餘額始終等於可用加凍結，這也是餘額頁面同時顯示這兩欄的原因。',
          '每一筆由外部觸發的資金異動都帶有冪等鍵。若網路不穩導致同一請求到達兩次，第二次會發現該鍵已被使用，不會產生任何異動。金額一律以幣種最小單位的整數保存，從不使用浮點數，因此餘額中不會出現捨入誤差。',
          '您的資產帳單直接讀取自這些傳票。帳單頁面的每一列、下載的 CSV 檔案中的每一列，都對應您帳戶上的一筆分錄，因此每一筆餘額都可以逐列追溯。',
        ],
      },
      ru: {
        title: 'Как учётная книга Coffer сохраняет каждый баланс точным',
        summary:
          'Двойная запись, ограничения на уровне базы данных и двухфазная блокировка средств: что стоит за балансом и почему операция либо проведена полностью, либо не проведена вовсе.',
        paragraphs: [
          'Каждый баланс в Coffer — это результат учётной книги, а не число, которое можно исправить на месте. Любое движение средств — пополнение, вывод, внутренний перевод, сделка — записывается как проводка из нескольких записей, и для каждого актива сумма записей одной проводки равна ровно нулю. Если вы получили 1 ETH, в той же проводке другой счёт отдал ровно 1 ETH. Ничего не появляется из ниоткуда и ничего не исчезает.',
          'Проводка и изменения балансов записываются в одной транзакции базы данных: сохраняется либо всё, либо ничего, поэтому баланс никогда не расходится со своей историей. Сама база данных отклоняет несбалансированную проводку и не допускает отрицательного баланса клиента. Это ограничения базы данных, а не только проверки в коде приложения, поэтому их не обойти даже при ошибке в программе.',
          'Средства, которые покидают счёт, блокируются в две фазы. Когда вы создаёте заявку на вывод, сумма и комиссия переходят из доступного баланса в замороженный. Если вывод отправлен, блокировка исполняется и замороженная сумма списывается; если заявка отклонена или отправка не удалась, блокировка снимается и вся сумма возвращается в доступный баланс. Общий баланс всегда равен сумме доступного и замороженного — поэтому на странице баланса видны оба столбца.',
          'Каждая операция, инициированная извне, несёт ключ идемпотентности. Если из-за сбоя сети запрос придёт дважды, второй обнаружит, что ключ уже использован, и ничего не изменит. Суммы хранятся целыми числами в минимальных единицах монеты, а не числами с плавающей точкой, поэтому в баланс не может вкрасться ошибка округления.',
          'Ваши счета-выписки читаются прямо из этих проводок. Каждая строка на странице выписок и в загруженном CSV-файле соответствует записи по вашему счёту, поэтому любой баланс можно проследить построчно.',
        ],
      },
    },
  },
  {
    slug: 'deposit-confirmations-by-chain',
    channel: 'research',
    publishedAt: '2026-09-22T08:00:00Z',
    desk: 'operations',
    texts: {
      en: {
        title: 'Deposit confirmations, chain by chain',
        summary:
          'Why a deposit shows as “waiting to be credited” for a while, how many confirmations each network needs, and what to check before you send.',
        paragraphs: [
          'A blockchain transaction is not final the moment it appears. Each new block built on top of the block that contains it is one more confirmation, and every confirmation makes it harder for the transaction to be reversed by a reorganisation of the chain. Coffer therefore waits for a set number of confirmations before it credits a deposit to your balance.',
          'The numbers differ by network because the networks work differently. On the Bitcoin network a deposit is credited after 1 confirmation, and the deposited coins can be withdrawn after 6. On Ethereum, where ETH and the ERC-20 tokens USDT and USDC travel, a deposit is credited after 12 confirmations. On the XRP Ledger a transaction is final once the ledger that contains it is validated, so 1 validated ledger is enough.',
          'While a deposit waits, your deposit records show it as waiting to be credited, with its progress in confirmations. Once the required number is reached the status changes to credited and the amount appears in your available balance, together with a deposit line in your bills. A deposit that the network rejects is shown as failed and is never credited.',
          'Before you send, check three things on the deposit page: that you picked the right network for the coin, that the amount is above the minimum deposit shown there (for Bitcoin, 0.0005 BTC), and, for XRP, that you include the destination tag. Coffer uses one XRP address for many customers and the tag is what identifies you; a payment without the right tag cannot be credited to you automatically.',
          'Confirmation counts and minimums can be adjusted when network conditions change. The figures shown on the deposit page at the time you deposit are the ones that apply.',
        ],
      },
      'zh-CN': {
        title: '各条链的充值确认数',
        summary: '为什么充值会显示“等待到账”一段时间，各个网络需要多少个确认，以及转账前需要检查哪些事项。',
        paragraphs: [
          '一笔区块链交易出现在链上时并未最终确定。每在包含该交易的区块之后新增一个区块，就多一个确认；确认越多，这笔交易因链重组而被撤销的可能性就越小。因此，Coffer 会等到达到规定的确认数后，才把充值记入您的余额。',
          '由于各个网络的工作方式不同，所需确认数也不同。比特币网络上，充值在 1 个确认后到账，6 个确认后可以提币。以太坊网络承载 ETH 以及 ERC-20 代币 USDT 和 USDC，充值在 12 个确认后到账。XRP Ledger 上，包含交易的账本一经验证，交易即最终确定，因此 1 个已验证账本即可。',
          '等待期间，您的充值记录会显示“等待到账”，并以确认数显示进度。达到规定确认数后，状态变为“已到账”，金额进入可用余额，账单中同时出现一条充值记录。被网络拒绝的充值显示为“失败”，不会入账。',
          '转账前，请在充值页面确认三件事：所选网络与币种一致；金额高于页面显示的最低充值额（比特币为 0.0005 BTC）；充值 XRP 时务必填写目标标签（Destination Tag）。Coffer 的多位客户共用一个 XRP 地址，标签用于识别您的身份；未填写正确标签的转账无法自动记入您的账户。',
          '确认数和最低充值额可能会随网络状况调整，以您充值时充值页面显示的数值为准。',
        ],
      },
      'zh-TW': {
        title: '各條鏈的入金確認數',
        summary: '為什麼入金會顯示「等待入帳」一段時間，各個網路需要多少個確認，以及轉帳前需要檢查哪些事項。',
        paragraphs: [
          '一筆區塊鏈交易出現在鏈上時並未最終確定。每在包含該交易的區塊之後新增一個區塊，就多一個確認；確認越多，這筆交易因鏈重組而被撤銷的可能性就越小。因此，Coffer 會等到達到規定的確認數後，才將入金記入您的餘額。',
          '由於各個網路的運作方式不同，所需確認數也不同。比特幣網路上，入金在 1 個確認後入帳，6 個確認後可以提幣。以太坊網路承載 ETH 以及 ERC-20 代幣 USDT 與 USDC，入金在 12 個確認後入帳。XRP Ledger 上，包含交易的帳本一經驗證，交易即最終確定，因此 1 個已驗證帳本即可。',
          '等待期間，您的入金紀錄會顯示「等待入帳」，並以確認數顯示進度。達到規定確認數後，狀態變為「已入帳」，金額進入可用餘額，帳單中同時出現一筆入金紀錄。被網路拒絕的入金顯示為「失敗」，不會入帳。',
          '轉帳前，請在入金頁面確認三件事：所選網路與幣種一致；金額高於頁面顯示的最低入金額（比特幣為 0.0005 BTC）；入金 XRP 時務必填寫目標標籤（Destination Tag）。Coffer 的多位客戶共用一個 XRP 地址，標籤用於識別您的身分；未填寫正確標籤的轉帳無法自動記入您的帳戶。',
          '確認數與最低入金額可能會隨網路狀況調整，以您入金時入金頁面顯示的數值為準。',
        ],
      },
      ru: {
        title: 'Подтверждения пополнений в разных сетях',
        summary:
          'Почему пополнение какое-то время числится как «ожидает зачисления», сколько подтверждений нужно в каждой сети и что проверить перед отправкой.',
        paragraphs: [
          'Транзакция в блокчейне не становится окончательной в момент появления. Каждый новый блок поверх блока с транзакцией — это ещё одно подтверждение, и с каждым подтверждением её всё труднее отменить при реорганизации цепочки. Поэтому Coffer зачисляет пополнение на баланс только после установленного числа подтверждений.',
          'Это число зависит от сети, потому что сети устроены по-разному. В сети Bitcoin пополнение зачисляется после 1 подтверждения, а вывести поступившие монеты можно после 6. В сети Ethereum, где обращаются ETH и токены ERC-20 USDT и USDC, пополнение зачисляется после 12 подтверждений. В XRP Ledger транзакция окончательна, как только подтверждён содержащий её реестр, поэтому достаточно 1 подтверждённого реестра.',
          'Пока пополнение ожидает, в истории пополнений оно отмечено как «ожидает зачисления», а прогресс показан числом подтверждений. Когда нужное число достигнуто, статус меняется на «зачислено», сумма появляется в доступном балансе, а в выписке — строка пополнения. Пополнение, отклонённое сетью, отмечается как «ошибка» и не зачисляется.',
          'Перед отправкой проверьте на странице пополнения три вещи: что выбрана правильная сеть для монеты; что сумма больше указанного там минимума (для Bitcoin — 0,0005 BTC); и что для XRP указан тег назначения (Destination Tag). Coffer использует один адрес XRP для многих клиентов, и именно тег определяет получателя: платёж без правильного тега не может быть зачислен вам автоматически.',
          'Число подтверждений и минимальные суммы могут меняться вместе с условиями в сети. Действуют значения, показанные на странице пополнения в момент, когда вы пополняете счёт.',
        ],
      },
    },
  },
  {
    slug: 'rfq-quotes-and-validity',
    channel: 'research',
    publishedAt: '2026-10-06T08:00:00Z',
    desk: 'research',
    texts: {
      en: {
        title: 'RFQ quotes: what the price and the countdown mean',
        summary:
          'Coffer’s spot trade works by request for quote. Here is what a quote contains, why it is only valid for a few seconds, and what happens when it expires.',
        paragraphs: [
          'When you trade on Coffer you do not place an order into an order book and wait for someone to match it. You ask for a quote — a request for quote, or RFQ — for a pair and an amount, and Coffer answers with a firm offer: a unit price, the fee, and the amount you will receive. If you accept the quote while it is valid, the trade is done at exactly those figures.',
          'A quote is valid for a stated number of seconds, shown as a countdown on the trade screen. Markets move continuously, and a firm price can only be honoured for a short time. The short validity is what allows the quote to be firm: within that window there is no slippage, and the amount you see is the amount you get.',
          'If the countdown reaches zero before you confirm, the quote has expired and can no longer be executed. You will see the message that the quote has expired and must be requested again. A new quote reflects the market at that moment, so its price may be higher or lower than the one before.',
          'The fee is part of the quote, not something added afterwards. The receipt of a completed trade repeats the unit price, the amount paid, the amount received and the fee, and the trade appears in your order list and in your bills as a buy or sell line.',
          'An RFQ quote is an offer to trade, not advice. Compare it with your own view of the market, and remember that crypto-asset prices can change quickly in either direction.',
        ],
      },
      'zh-CN': {
        title: '询价报价：价格和倒计时代表什么',
        summary: 'Coffer 的现货交易采用询价（RFQ）方式。本文介绍报价包含哪些内容、为什么只在几秒内有效，以及报价过期后会发生什么。',
        paragraphs: [
          '在 Coffer 交易时，您不是把订单挂进订单簿等待撮合，而是针对某个交易对和数量发起询价（RFQ），Coffer 会给出一个确定的报价：单价、手续费以及您将收到的数量。只要在报价有效期内确认，交易就按这些数字成交。',
          '报价的有效期以秒计，在交易页面上以倒计时显示。市场在持续变化，确定的价格只能在很短的时间内兑现。正因为有效期很短，报价才能是确定的：在有效期内没有滑点，您看到的数量就是您得到的数量。',
          '如果倒计时结束前您尚未确认，报价即告过期，无法再执行。页面会提示报价已过期、需要重新下单。新的报价反映当时的市场，价格可能高于也可能低于之前的报价。',
          '手续费包含在报价之中，而不是事后另加。成交后的回单会再次列出单价、支付数量、收到数量和手续费；该笔交易会出现在您的订单列表中，并在账单中记为一条买入或卖出记录。',
          '询价报价是交易要约，而非投资建议。请结合您自己对市场的判断，并留意加密资产价格可能在任一方向上快速变化。',
        ],
      },
      'zh-TW': {
        title: '詢價報價：價格與倒數計時代表什麼',
        summary: 'Coffer 的現貨交易採用詢價（RFQ）方式。本文說明報價包含哪些內容、為什麼只在幾秒內有效，以及報價過期後會發生什麼。',
        paragraphs: [
          '在 Coffer 交易時，您不是把委託單掛進訂單簿等待撮合，而是針對某個交易對與數量發起詢價（RFQ），Coffer 會給出一個確定的報價：單價、手續費以及您將收到的數量。只要在報價有效期內確認，交易就依這些數字成交。',
          '報價的有效期以秒計，在交易頁面上以倒數計時顯示。市場持續變動，確定的價格只能在很短的時間內兌現。正因為有效期很短，報價才能是確定的：在有效期內沒有滑價，您看到的數量就是您得到的數量。',
          '如果倒數結束前您尚未確認，報價即告過期，無法再執行。頁面會提示報價已過期、需要重新下單。新的報價反映當時的市場，價格可能高於也可能低於先前的報價。',
          '手續費包含在報價之中，而不是事後另加。成交後的回單會再次列出單價、支付數量、收到數量與手續費；該筆交易會出現在您的訂單列表中，並在帳單中記為一筆買入或賣出紀錄。',
          '詢價報價是交易要約，而非投資建議。請結合您自己對市場的判斷，並留意加密資產價格可能在任一方向上快速變化。',
        ],
      },
      ru: {
        title: 'Котировки RFQ: что означают цена и обратный отсчёт',
        summary:
          'Спотовая торговля в Coffer работает по запросу котировки. Что содержит котировка, почему она действует всего несколько секунд и что происходит, когда срок истёк.',
        paragraphs: [
          'Торгуя в Coffer, вы не выставляете заявку в книгу ордеров в ожидании встречной. Вы запрашиваете котировку — request for quote, RFQ — для пары и суммы, и Coffer отвечает твёрдым предложением: цена за единицу, комиссия и сумма, которую вы получите. Если вы примете котировку, пока она действует, сделка пройдёт ровно по этим цифрам.',
          'Котировка действует указанное число секунд — на экране торговли идёт обратный отсчёт. Рынок меняется непрерывно, и твёрдую цену можно выдерживать лишь недолго. Именно короткий срок делает котировку твёрдой: в его пределах нет проскальзывания, и вы получаете ровно ту сумму, которую видите.',
          'Если отсчёт дошёл до нуля раньше, чем вы подтвердили сделку, котировка истекла и исполнить её уже нельзя. Появится сообщение, что котировка устарела и заявку нужно создать заново. Новая котировка отражает рынок в этот момент, поэтому её цена может оказаться как выше, так и ниже прежней.',
          'Комиссия входит в котировку, а не добавляется потом. В квитанции о сделке повторяются цена за единицу, уплаченная и полученная суммы и комиссия; сделка появляется в списке ордеров и в выписке как строка покупки или продажи.',
          'Котировка RFQ — это предложение заключить сделку, а не инвестиционный совет. Сверяйте её со своим взглядом на рынок и помните, что цены криптоактивов могут быстро меняться в любую сторону.',
        ],
      },
    },
  },
  {
    slug: 'fund-password-and-second-factors',
    channel: 'research',
    publishedAt: '2026-10-20T08:00:00Z',
    desk: 'security',
    texts: {
      en: {
        title: 'Fund password and second factors: a practical guide',
        summary:
          'What the fund password protects, the rules it must follow, how it works together with an authenticator, SMS or e-mail code, and what to do if you forget it.',
        paragraphs: [
          'Your Coffer account has two different passwords. The login password opens your account; the fund password authorises money leaving it — withdrawals and internal transfers. Keeping them separate means that someone who learns your login password still cannot move your assets.',
          'The fund password is exactly 6 digits. It may not be the same as your login password, and simple sequences such as 123456 or repeated digits such as 111111 are refused, because they are the first combinations anyone would try. Choose digits that have no meaning to anyone else, and do not reuse a PIN from a bank card or phone.',
          'A money movement also needs a second factor: a 6-digit code from an authenticator app (such as Google Authenticator), or a code sent by SMS or e-mail. An authenticator is the strongest of the three, because its codes are generated on your own device and never travel over a network. Each code can be used only once, and codes sent by SMS or e-mail expire after a short time.',
          'Changing your login password, fund password, phone number, authenticator or another security setting blocks withdrawals for 24 hours. The pause gives you time to notice a change you did not make and contact us before any asset can leave.',
          'If you forget your fund password, use “Reset fund password” in the security settings. You will be asked to verify every second factor bound to your account. No one at Coffer will ever ask you for your fund password or for a verification code — not by phone, e-mail or chat.',
        ],
      },
      'zh-CN': {
        title: '资金密码与双重验证：实用指南',
        summary: '资金密码保护什么、必须遵守哪些规则、如何与身份验证器、短信或邮箱验证码配合使用，以及忘记资金密码时该怎么办。',
        paragraphs: [
          '您的 Coffer 账户有两个不同的密码：登录密码用于登录账户；资金密码用于授权资金转出，即提币和内部转账。两者分开，意味着即使有人得知您的登录密码，也无法转走您的资产。',
          '资金密码必须是 6 位数字，不能与登录密码相同；像 123456 这样的连续数字或 111111 这样的重复数字会被拒绝，因为这是任何人都会最先尝试的组合。请选择对他人没有意义的数字，也不要沿用银行卡或手机的 PIN 码。',
          '资金转出还需要第二重验证：身份验证器应用（例如 Google Authenticator）生成的 6 位验证码，或通过短信、邮箱发送的验证码。三者中身份验证器最安全，因为验证码在您自己的设备上生成，从不经过网络传输。每个验证码只能使用一次，短信和邮箱验证码会在短时间后失效。',
          '修改登录密码、资金密码、手机号、身份验证器或其他安全设置后，提币将被禁止 24 小时。这段时间让您有机会发现并非本人进行的修改，并在任何资产转出之前联系我们。',
          '如果忘记资金密码，请在安全设置中使用“重置资金密码”，届时需要验证您账户绑定的每一种验证方式。Coffer 的工作人员绝不会以电话、邮件或聊天等任何方式向您索要资金密码或验证码。',
        ],
      },
      'zh-TW': {
        title: '資金密碼與雙重驗證：實用指南',
        summary: '資金密碼保護什麼、必須遵守哪些規則、如何與身分驗證器、簡訊或電子郵件驗證碼搭配使用，以及忘記資金密碼時該怎麼辦。',
        paragraphs: [
          '您的 Coffer 帳戶有兩個不同的密碼：登入密碼用於登入帳戶；資金密碼用於授權資金轉出，也就是提幣與內部轉帳。兩者分開，代表即使有人得知您的登入密碼，也無法轉走您的資產。',
          '資金密碼必須是 6 位數字，不能與登入密碼相同；像 123456 這樣的連續數字或 111111 這樣的重複數字會被拒絕，因為這是任何人都會最先嘗試的組合。請選擇對他人沒有意義的數字，也不要沿用金融卡或手機的 PIN 碼。',
          '資金轉出還需要第二重驗證：身分驗證器應用程式（例如 Google Authenticator）產生的 6 位驗證碼，或透過簡訊、電子郵件傳送的驗證碼。三者中身分驗證器最安全，因為驗證碼在您自己的裝置上產生，從不經過網路傳輸。每個驗證碼只能使用一次，簡訊與電子郵件驗證碼會在短時間後失效。',
          '變更登入密碼、資金密碼、手機號碼、身分驗證器或其他安全設定後，提幣將被禁止 24 小時。這段時間讓您有機會發現並非本人進行的變更，並在任何資產轉出之前聯絡我們。',
          '如果忘記資金密碼，請在安全設定中使用「重設資金密碼」，屆時需要驗證您帳戶綁定的每一種驗證方式。Coffer 的工作人員絕不會以電話、電子郵件或聊天等任何方式向您索取資金密碼或驗證碼。',
        ],
      },
      ru: {
        title: 'Пароль для средств и второй фактор: практическое руководство',
        summary:
          'Что защищает пароль для средств, каким правилам он должен соответствовать, как он работает вместе с кодом из аутентификатора, SMS или e-mail и что делать, если вы его забыли.',
        paragraphs: [
          'У аккаунта Coffer два разных пароля. Пароль для входа открывает аккаунт, а пароль для средств разрешает вывод активов — выводы и внутренние переводы. Благодаря этому человек, узнавший ваш пароль для входа, всё равно не сможет перевести ваши средства.',
          'Пароль для средств состоит ровно из 6 цифр. Он не может совпадать с паролем для входа, а простые последовательности вроде 123456 и повторы вроде 111111 отклоняются — их пробуют первыми. Выберите цифры, которые ничего не значат для посторонних, и не используйте PIN-код банковской карты или телефона.',
          'Для движения средств нужен и второй фактор: 6-значный код из приложения-аутентификатора (например, Google Authenticator) или код из SMS либо письма. Аутентификатор надёжнее всего: коды создаются на вашем устройстве и не передаются по сети. Каждый код действует один раз, а коды из SMS и писем вскоре истекают.',
          'После смены пароля для входа, пароля для средств, номера телефона, аутентификатора или другой настройки безопасности вывод блокируется на 24 часа. За это время вы успеете заметить изменение, которого не делали, и связаться с нами прежде, чем активы покинут счёт.',
          'Если вы забыли пароль для средств, воспользуйтесь функцией «Сбросить пароль для средств» в настройках безопасности — потребуется подтвердить каждый второй фактор, привязанный к аккаунту. Сотрудники Coffer никогда не попросят у вас пароль для средств или код подтверждения — ни по телефону, ни по почте, ни в чате.',
        ],
      },
    },
  },
  {
    slug: 'crypto-index-methodology',
    channel: 'research',
    publishedAt: '2026-11-03T08:00:00Z',
    desk: 'research',
    texts: {
      en: {
        title: 'What the Coffer Crypto Index measures',
        summary:
          'The CCI in one page: which coins it contains, how their weights are set, why stablecoins are left out, and how to read the index level.',
        paragraphs: [
          'The Coffer Crypto Index (CCI) is a single number that tracks the combined market value of the largest non-stable crypto-assets on Coffer. It is a measure of the market, shown on the quotation screens; it is not a product you can buy.',
          'The index contains three constituents: Bitcoin (BTC), Ether (ETH) and XRP. Each one counts in proportion to its market capitalisation — its price multiplied by a circulating supply that was fixed on the base date. Larger assets therefore move the index more, which is how most broad market indices work.',
          'The index was set to 1,000 points on its base date, 1 January 2026. Since then its level is the total market capitalisation of the constituents divided by a fixed divisor, so a level of 1,100 means the constituents are together worth 10% more than on the base date, and a level of 900 means 10% less.',
          'Stablecoins such as USDT and USDC are excluded. They are designed to track the US dollar, so including them would only dilute the index without saying anything about the crypto market.',
          'The index page shows the current weight of each constituent; the weights add up to exactly 100.00%. Because supplies are fixed at the base date, weights change only as relative prices change. Past movements of the index say nothing about its future movements.',
        ],
      },
      'zh-CN': {
        title: 'Coffer 加密指数衡量的是什么',
        summary: '一页读懂 CCI：包含哪些币种、权重如何确定、为什么不含稳定币，以及如何解读指数点位。',
        paragraphs: [
          'Coffer 加密指数（CCI）用一个数字反映 Coffer 上几种最大的非稳定币加密资产的总市值变化。它是衡量市场的指标，显示在行情页面上，并不是可以买入的产品。',
          '指数包含三个成分：比特币（BTC）、以太币（ETH）和 XRP。每个成分按其市值计入权重，即价格乘以在基准日固定的流通量。因此，规模越大的资产对指数的影响越大，这也是大多数宽基市场指数的做法。',
          '指数在基准日 2026 年 1 月 1 日设定为 1,000 点。此后，指数点位等于各成分的总市值除以一个固定除数：点位为 1,100 表示各成分合计市值比基准日高 10%，点位为 900 则表示低 10%。',
          'USDT、USDC 等稳定币不纳入指数。稳定币的设计目标是跟踪美元，纳入指数只会稀释指数，而无法反映加密市场的任何信息。',
          '指数页面显示各成分的当前权重，权重合计恰好为 100.00%。由于流通量固定在基准日，权重只会随各成分相对价格的变化而变化。指数过去的走势并不代表其未来的走势。',
        ],
      },
      'zh-TW': {
        title: 'Coffer 加密指數衡量的是什麼',
        summary: '一頁讀懂 CCI：包含哪些幣種、權重如何決定、為什麼不含穩定幣，以及如何解讀指數點位。',
        paragraphs: [
          'Coffer 加密指數（CCI）以一個數字反映 Coffer 上幾種最大的非穩定幣加密資產的總市值變化。它是衡量市場的指標，顯示在行情頁面上，並不是可以買入的產品。',
          '指數包含三個成分：比特幣（BTC）、以太幣（ETH）與 XRP。每個成分依其市值計入權重，也就是價格乘以在基準日固定的流通量。因此，規模越大的資產對指數的影響越大，這也是多數廣基市場指數的做法。',
          '指數在基準日 2026 年 1 月 1 日設定為 1,000 點。此後，指數點位等於各成分的總市值除以一個固定除數：點位為 1,100 表示各成分合計市值比基準日高 10%，點位為 900 則表示低 10%。',
          'USDT、USDC 等穩定幣不納入指數。穩定幣的設計目標是追蹤美元，納入指數只會稀釋指數，而無法反映加密市場的任何資訊。',
          '指數頁面顯示各成分的目前權重，權重合計恰好為 100.00%。由於流通量固定在基準日，權重只會隨各成分相對價格的變化而變化。指數過去的走勢並不代表其未來的走勢。',
        ],
      },
      ru: {
        title: 'Что измеряет криптоиндекс Coffer',
        summary:
          'CCI на одной странице: какие монеты в него входят, как определяются их веса, почему в нём нет стейблкоинов и как читать значение индекса.',
        paragraphs: [
          'Криптоиндекс Coffer (CCI) — одно число, которое отражает совокупную рыночную стоимость крупнейших нестабильных криптоактивов на Coffer. Это показатель рынка на экранах котировок, а не продукт, который можно купить.',
          'В индекс входят три актива: биткоин (BTC), эфир (ETH) и XRP. Каждый учитывается пропорционально рыночной капитализации — цене, умноженной на объём обращения, зафиксированный на базовую дату. Поэтому крупные активы сильнее влияют на индекс — так устроено большинство широких рыночных индексов.',
          'На базовую дату, 1 января 2026 года, индекс был равен 1000 пунктам. С тех пор его значение — это суммарная капитализация входящих активов, делённая на постоянный делитель. Значение 1100 означает, что вместе они стоят на 10% больше, чем на базовую дату, а 900 — на 10% меньше.',
          'Стейблкоины, такие как USDT и USDC, в индекс не входят. Они созданы, чтобы следовать за долларом США, поэтому лишь размывали бы индекс, ничего не говоря о криптовалютном рынке.',
          'На странице индекса показан текущий вес каждого актива; веса в сумме дают ровно 100,00%. Поскольку объёмы обращения зафиксированы на базовую дату, веса меняются только вместе с относительными ценами. Прошлая динамика индекса ничего не говорит о его будущей динамике.',
        ],
      },
    },
  },
  {
    slug: 'stablecoins-explained',
    channel: 'research',
    publishedAt: '2026-11-12T08:00:00Z',
    desk: 'research',
    texts: {
      en: {
        title: 'Stablecoins explained: USDT and USDC',
        summary:
          'What a stablecoin is, how USDT and USDC aim to stay at one US dollar, the risks that remain, and how they move on Coffer.',
        paragraphs: [
          'A stablecoin is a token designed to keep a steady value against a reference currency — for USDT and USDC, the US dollar. Businesses and traders use them to hold a dollar value on a blockchain, to settle between platforms without a bank transfer, and as the quote currency of trading pairs.',
          'USDT is issued by Tether and USDC by Circle. Both are fiat-backed: the issuer holds reserves, such as cash and short-term government securities, and undertakes to redeem tokens for dollars for eligible customers. The issuers publish information about their reserves; reading it is the best way to form your own view of each coin.',
          'Stable does not mean risk-free. The market price of a stablecoin can move slightly away from one dollar, and in stressed markets it has at times moved further. Other risks sit with the issuer and its reserves, with regulation, and with the issuer’s ability to freeze tokens held at a particular address. Coffer shows the live market price of each stablecoin, not a fixed value of one dollar.',
          'On Coffer, USDT and USDC travel on the Ethereum network as ERC-20 tokens. When you deposit or withdraw them, choose the Ethereum network and an Ethereum address; sending them on another network to a Coffer deposit address cannot be credited automatically. Deposits are credited after 12 confirmations.',
          'Holding a stablecoin on Coffer does not earn anything by itself, and nothing here is a recommendation to hold one. It is a tool for keeping a dollar value within reach of the crypto markets.',
        ],
      },
      'zh-CN': {
        title: '稳定币详解：USDT 与 USDC',
        summary: '什么是稳定币，USDT 和 USDC 如何力求维持 1 美元的价值，仍然存在哪些风险，以及它们在 Coffer 上如何流转。',
        paragraphs: [
          '稳定币是一种旨在相对参考货币保持稳定价值的代币，USDT 和 USDC 的参考货币都是美元。企业和交易者用稳定币在区块链上持有美元价值、在平台之间结算而无需银行转账，也把它作为交易对的计价货币。',
          'USDT 由 Tether 发行，USDC 由 Circle 发行。两者都以法币资产为支撑：发行方持有现金和短期国债等储备，并承诺为符合条件的客户将代币兑回美元。发行方会公布其储备信息，阅读这些信息是您对每种稳定币形成自己判断的最好方式。',
          '“稳定”并不等于没有风险。稳定币的市场价格可能略微偏离 1 美元，在市场承压时偏离幅度曾经更大。其他风险来自发行方及其储备、监管，以及发行方冻结某一地址所持代币的能力。Coffer 显示的是每种稳定币的实时市场价格，而不是固定的 1 美元。',
          '在 Coffer 上，USDT 和 USDC 以 ERC-20 代币的形式在以太坊网络上流转。充值或提币时，请选择以太坊网络和以太坊地址；通过其他网络发送到 Coffer 充值地址的代币无法自动入账。充值在 12 个确认后到账。',
          '在 Coffer 持有稳定币本身不会产生任何收益，本文也不构成持有稳定币的建议。稳定币是一种工具，让您在加密市场中随时保有美元价值。',
        ],
      },
      'zh-TW': {
        title: '穩定幣詳解：USDT 與 USDC',
        summary: '什麼是穩定幣，USDT 與 USDC 如何力求維持 1 美元的價值，仍然存在哪些風險，以及它們在 Coffer 上如何流轉。',
        paragraphs: [
          '穩定幣是一種旨在相對參考貨幣維持穩定價值的代幣，USDT 與 USDC 的參考貨幣都是美元。企業與交易者用穩定幣在區塊鏈上持有美元價值、在平台之間結算而無需銀行轉帳，也把它作為交易對的計價貨幣。',
          'USDT 由 Tether 發行，USDC 由 Circle 發行。兩者都以法幣資產為支撐：發行方持有現金與短期公債等準備金，並承諾為符合資格的客戶將代幣兌回美元。發行方會公布其準備金資訊，閱讀這些資訊是您對每種穩定幣形成自己判斷的最佳方式。',
          '「穩定」並不等於沒有風險。穩定幣的市場價格可能略微偏離 1 美元，在市場承壓時偏離幅度曾經更大。其他風險來自發行方及其準備金、監管，以及發行方凍結特定地址所持代幣的能力。Coffer 顯示的是每種穩定幣的即時市場價格，而不是固定的 1 美元。',
          '在 Coffer 上，USDT 與 USDC 以 ERC-20 代幣的形式在以太坊網路上流轉。入金或提幣時，請選擇以太坊網路與以太坊地址；透過其他網路傳送到 Coffer 入金地址的代幣無法自動入帳。入金在 12 個確認後入帳。',
          '在 Coffer 持有穩定幣本身不會產生任何收益，本文也不構成持有穩定幣的建議。穩定幣是一種工具，讓您在加密市場中隨時保有美元價值。',
        ],
      },
      ru: {
        title: 'Стейблкоины простыми словами: USDT и USDC',
        summary:
          'Что такое стейблкоин, как USDT и USDC стремятся удерживать цену в один доллар США, какие риски остаются и как они движутся в Coffer.',
        paragraphs: [
          'Стейблкоин — это токен, который должен сохранять стабильную стоимость относительно опорной валюты; для USDT и USDC это доллар США. Компании и трейдеры используют их, чтобы держать долларовую стоимость в блокчейне, проводить расчёты между площадками без банковского перевода и как валюту котирования торговых пар.',
          'USDT выпускает компания Tether, USDC — компания Circle. Оба обеспечены фиатными активами: эмитент держит резервы — денежные средства и краткосрочные государственные бумаги — и обязуется выкупать токены за доллары у клиентов, которые соответствуют его требованиям. Эмитенты публикуют сведения о своих резервах, и их чтение — лучший способ составить собственное мнение о каждой монете.',
          'Стабильность не означает отсутствия риска. Рыночная цена стейблкоина может немного отклоняться от одного доллара, а в периоды напряжения на рынке отклонения бывали и сильнее. Другие риски связаны с эмитентом и его резервами, с регулированием и с возможностью эмитента заморозить токены на конкретном адресе. Coffer показывает текущую рыночную цену каждого стейблкоина, а не фиксированную стоимость в один доллар.',
          'В Coffer USDT и USDC обращаются в сети Ethereum как токены ERC-20. При пополнении или выводе выбирайте сеть Ethereum и адрес Ethereum: токены, отправленные на адрес пополнения Coffer через другую сеть, не могут быть зачислены автоматически. Пополнение зачисляется после 12 подтверждений.',
          'Хранение стейблкоина в Coffer само по себе не приносит дохода, и этот материал не является рекомендацией его держать. Это инструмент, позволяющий держать долларовую стоимость рядом с криптовалютным рынком.',
        ],
      },
    },
  },
  {
    slug: 'withdrawal-pause-after-security-change',
    channel: 'news',
    publishedAt: '2026-10-14T08:00:00Z',
    desk: 'security',
    texts: {
      en: {
        title: 'Why withdrawals pause for 24 hours after a security change',
        summary:
          'After you change a password, phone number or authenticator, withdrawals are blocked for 24 hours. Here is what the pause covers and why it is there.',
        paragraphs: [
          'When the login password, fund password, phone number, authenticator or another security setting of an account changes, withdrawals from that account are blocked for the next 24 hours. Deposits, trading and viewing your balances are not affected.',
          'The pause exists because a change of security settings is the first thing an attacker does after taking over an account: it locks the real owner out and makes the attacker’s own codes valid. The 24 hours give you time to see the notification of a change you did not make and to contact us while your assets are still in the account.',
          'If you try to withdraw during the pause, the withdrawal page tells you that withdrawals are forbidden within 24 hours of a security change. The block lifts by itself when the 24 hours have passed; there is nothing you need to do.',
          'If you did not make the change, contact Coffer support immediately from the help channels listed on this site, and change your e-mail account password as well: access to your e-mail is often how an account is taken over.',
        ],
      },
      'zh-CN': {
        title: '为什么修改安全设置后提币会暂停 24 小时',
        summary: '修改密码、手机号或身份验证器后，提币将被禁止 24 小时。本文说明暂停的范围及其原因。',
        paragraphs: [
          '账户的登录密码、资金密码、手机号、身份验证器或其他安全设置发生变更后，该账户在随后 24 小时内禁止提币。充值、交易和查看余额不受影响。',
          '设置这段暂停期，是因为攻击者接管账户后做的第一件事往往就是修改安全设置：把真正的所有人挡在门外，并让自己的验证码生效。这 24 小时让您有时间看到并非本人操作的变更通知，并在资产仍留在账户中时联系我们。',
          '暂停期间尝试提币，提币页面会提示“安全设置变更后 24 小时内禁止提币”。24 小时过后限制会自动解除，您无需进行任何操作。',
          '如果变更并非您本人所为，请立即通过本网站列出的帮助渠道联系 Coffer 客服，并同时修改您的邮箱密码——账户被盗往往始于邮箱被盗。',
        ],
      },
      'zh-TW': {
        title: '為什麼變更安全設定後提幣會暫停 24 小時',
        summary: '變更密碼、手機號碼或身分驗證器後，提幣將被禁止 24 小時。本文說明暫停的範圍及其原因。',
        paragraphs: [
          '帳戶的登入密碼、資金密碼、手機號碼、身分驗證器或其他安全設定變更後，該帳戶在隨後 24 小時內禁止提幣。入金、交易與查看餘額不受影響。',
          '設置這段暫停期，是因為攻擊者接管帳戶後做的第一件事往往就是變更安全設定：把真正的所有人擋在門外，並讓自己的驗證碼生效。這 24 小時讓您有時間看到並非本人操作的變更通知，並在資產仍留在帳戶中時聯絡我們。',
          '暫停期間嘗試提幣，提幣頁面會提示「安全設定變更後 24 小時內禁止提幣」。24 小時過後限制會自動解除，您無需進行任何操作。',
          '如果變更並非您本人所為，請立即透過本網站列出的協助管道聯絡 Coffer 客服，並同時變更您的電子郵件密碼——帳戶被盜往往始於電子郵件被盜。',
        ],
      },
      ru: {
        title: 'Почему вывод приостанавливается на 24 часа после изменения настроек безопасности',
        summary:
          'После смены пароля, номера телефона или аутентификатора вывод средств блокируется на 24 часа. Что затрагивает пауза и зачем она нужна.',
        paragraphs: [
          'Когда в аккаунте меняется пароль для входа, пароль для средств, номер телефона, аутентификатор или другая настройка безопасности, вывод средств из этого аккаунта блокируется на следующие 24 часа. Пополнение, торговля и просмотр балансов остаются доступны.',
          'Пауза нужна потому, что смена настроек безопасности — первое, что делает злоумышленник, захвативший аккаунт: так он отрезает настоящего владельца и делает действительными свои коды. За 24 часа вы успеете увидеть уведомление об изменении, которого не делали, и связаться с нами, пока активы ещё на счёте.',
          'Если попытаться вывести средства во время паузы, страница вывода сообщит, что вывод запрещён в течение 24 часов после изменения настроек безопасности. Блокировка снимается сама по истечении 24 часов — ничего делать не нужно.',
          'Если изменение сделали не вы, немедленно свяжитесь со службой поддержки Coffer через каналы помощи, указанные на этом сайте, и смените пароль от своей электронной почты: захват аккаунта часто начинается именно с доступа к почте.',
        ],
      },
    },
  },
  {
    slug: 'bills-csv-download',
    channel: 'news',
    publishedAt: '2026-11-05T08:00:00Z',
    desk: 'operations',
    texts: {
      en: {
        title: 'Asset bills can be downloaded as CSV, three months at a time',
        summary:
          'Every movement of your balance account can be exported for your own records or your accountant. What the file contains and how to choose the range.',
        paragraphs: [
          'The bills page lists every movement of your balance account: deposits, withdrawals, internal transfers, trades and other types, each with its time, coin, amount and details such as the transaction ID or the serial number. You can filter the list by coin, type and time.',
          'With the download button you can save the filtered bills as a CSV file, which opens in any spreadsheet program. One file covers at most three months; for a longer period, download one file per quarter. The file is produced on the fly from the ledger, so it always matches what the bills page shows.',
          'For your safety, cells whose text could be read by a spreadsheet as a formula are written so that they stay plain text. A downloaded file therefore cannot run anything on your computer when you open it.',
          'Keep downloaded files somewhere private: they show your activity and amounts in full.',
        ],
      },
      'zh-CN': {
        title: '资产账单支持下载 CSV，每次最多三个月',
        summary: '余额账户的每一笔变动都可以导出，供您自行存档或交给会计师。本文介绍文件内容以及如何选择时间范围。',
        paragraphs: [
          '账单页面列出余额账户的每一笔变动：充值、提币、内部转账、交易以及其他类型，每条记录包含时间、币种、数量以及交易 ID 或流水号等详情。您可以按币种、类型和时间筛选。',
          '点击下载按钮，即可将筛选后的账单保存为 CSV 文件，可用任何电子表格软件打开。每个文件最多涵盖三个月；如需更长的期间，请按季度分别下载。文件由账本实时生成，因此始终与账单页面显示的内容一致。',
          '为保障您的安全，凡是可能被电子表格识别为公式的单元格内容，都会以纯文本形式写入。因此，下载的文件在打开时不会在您的电脑上执行任何内容。',
          '请妥善保管下载的文件：文件中完整记录了您的操作和金额。',
        ],
      },
      'zh-TW': {
        title: '資產帳單支援下載 CSV，每次最多三個月',
        summary: '餘額帳戶的每一筆異動都可以匯出，供您自行存檔或交給會計師。本文說明檔案內容以及如何選擇時間範圍。',
        paragraphs: [
          '帳單頁面列出餘額帳戶的每一筆異動：入金、提幣、內部轉帳、交易以及其他類型，每筆紀錄包含時間、幣種、數量以及交易 ID 或流水號等詳情。您可以依幣種、類型與時間篩選。',
          '點選下載按鈕，即可將篩選後的帳單儲存為 CSV 檔案，可用任何試算表軟體開啟。每個檔案最多涵蓋三個月；如需更長的期間，請依季分別下載。檔案由帳本即時產生，因此始終與帳單頁面顯示的內容一致。',
          '為保障您的安全，凡是可能被試算表辨識為公式的儲存格內容，都會以純文字形式寫入。因此，下載的檔案在開啟時不會在您的電腦上執行任何內容。',
          '請妥善保管下載的檔案：檔案中完整記錄了您的操作與金額。',
        ],
      },
      ru: {
        title: 'Выписки по активам можно скачать в CSV — до трёх месяцев за раз',
        summary:
          'Любое движение по балансовому счёту можно выгрузить для своего учёта или для бухгалтера. Что содержит файл и как выбрать период.',
        paragraphs: [
          'На странице выписок перечислены все движения по балансовому счёту: пополнения, выводы, внутренние переводы, сделки и операции других типов — с временем, монетой, суммой и подробностями, например ID транзакции или серийным номером. Список можно отфильтровать по монете, типу и времени.',
          'Кнопка загрузки сохраняет отфильтрованные выписки в CSV-файл, который открывается в любой программе электронных таблиц. Один файл охватывает не больше трёх месяцев; для более длинного периода скачайте по файлу на каждый квартал. Файл формируется прямо из учётной книги, поэтому всегда совпадает с тем, что показано на странице выписок.',
          'Для вашей безопасности ячейки, текст которых программа таблиц могла бы принять за формулу, записываются так, чтобы остаться обычным текстом. Поэтому скачанный файл при открытии ничего не запустит на вашем компьютере.',
          'Храните скачанные файлы в надёжном месте: в них полностью видны ваши операции и суммы.',
        ],
      },
    },
  },
  {
    slug: 'phishing-never-share-codes',
    channel: 'news',
    publishedAt: '2026-11-19T08:00:00Z',
    desk: 'security',
    texts: {
      en: {
        title: 'Coffer will never ask for your fund password or verification codes',
        summary:
          'A reminder about phishing: what Coffer staff will never ask you for, how to recognise a fake page, and what to do if you entered your details somewhere you should not have.',
        paragraphs: [
          'No one at Coffer will ever ask you for your login password, your fund password, a verification code or your authenticator’s secret key — not by phone, e-mail, text message, social network or chat. Anyone who asks for them is not Coffer, whatever name or logo they use.',
          'Verification codes are sent only when you start an operation yourself, and each message says which operation the code is for. If you receive a code you did not ask for, do not pass it on: someone may be trying to use your account. Because a code is valid once and for a short time, simply not sharing it is enough to stop that attempt.',
          'Before you log in, look at the address bar. Fake pages copy our design closely but live at a different address. Open Coffer from a bookmark you saved yourself rather than from a link in a message or an advertisement.',
          'If you have entered your details on a page you no longer trust, change your login password and fund password at once, check your security settings for a phone number or authenticator you do not recognise, and contact Coffer support. Changing security settings pauses withdrawals for 24 hours, which in this case works in your favour.',
        ],
      },
      'zh-CN': {
        title: 'Coffer 绝不会向您索要资金密码或验证码',
        summary: '防范钓鱼提醒：Coffer 工作人员绝不会向您索要哪些信息，如何识别仿冒页面，以及误在可疑页面输入信息后该怎么办。',
        paragraphs: [
          'Coffer 的任何工作人员都不会向您索要登录密码、资金密码、验证码或身份验证器密钥——无论通过电话、邮件、短信、社交网络还是聊天工具。凡是索要这些信息的人都不是 Coffer，无论其使用什么名称或标志。',
          '验证码只会在您本人发起操作时发送，每条消息都会注明验证码对应的操作。如果收到并非您本人申请的验证码，请不要告诉任何人：可能有人正在尝试使用您的账户。由于验证码只能使用一次且有效时间很短，只要不泄露，就足以阻止这次尝试。',
          '登录前请查看浏览器地址栏。仿冒页面会高度模仿我们的设计，但网址不同。请通过您自己保存的书签打开 Coffer，而不是点击消息或广告中的链接。',
          '如果您在一个已不再信任的页面上输入过账户信息，请立即修改登录密码和资金密码，检查安全设置中是否有您不认识的手机号或身份验证器，并联系 Coffer 客服。修改安全设置会使提币暂停 24 小时，在这种情况下恰好可以保护您。',
        ],
      },
      'zh-TW': {
        title: 'Coffer 絕不會向您索取資金密碼或驗證碼',
        summary: '防範釣魚提醒：Coffer 工作人員絕不會向您索取哪些資訊，如何辨識仿冒頁面，以及誤在可疑頁面輸入資料後該怎麼辦。',
        paragraphs: [
          'Coffer 的任何工作人員都不會向您索取登入密碼、資金密碼、驗證碼或身分驗證器金鑰——無論透過電話、電子郵件、簡訊、社群網路還是聊天工具。凡是索取這些資訊的人都不是 Coffer，無論其使用什麼名稱或標誌。',
          '驗證碼只會在您本人發起操作時傳送，每則訊息都會註明驗證碼對應的操作。如果收到並非您本人申請的驗證碼，請不要告訴任何人：可能有人正在嘗試使用您的帳戶。由於驗證碼只能使用一次且有效時間很短，只要不洩漏，就足以阻止這次嘗試。',
          '登入前請查看瀏覽器網址列。仿冒頁面會高度模仿我們的設計，但網址不同。請透過您自己儲存的書籤開啟 Coffer，而不是點選訊息或廣告中的連結。',
          '如果您在一個已不再信任的頁面上輸入過帳戶資料，請立即變更登入密碼與資金密碼，檢查安全設定中是否有您不認識的手機號碼或身分驗證器，並聯絡 Coffer 客服。變更安全設定會使提幣暫停 24 小時，在這種情況下正好可以保護您。',
        ],
      },
      ru: {
        title: 'Coffer никогда не просит пароль для средств или коды подтверждения',
        summary:
          'Напоминание о фишинге: чего сотрудники Coffer никогда у вас не попросят, как распознать поддельную страницу и что делать, если вы ввели данные там, где не следовало.',
        paragraphs: [
          'Никто в Coffer никогда не попросит у вас пароль для входа, пароль для средств, код подтверждения или секретный ключ аутентификатора — ни по телефону, ни по почте, ни в SMS, ни в социальных сетях или чатах. Тот, кто их просит, — не Coffer, какое бы имя или логотип он ни использовал.',
          'Коды подтверждения приходят только тогда, когда вы сами начинаете операцию, и в каждом сообщении сказано, для какой операции код. Если вы получили код, которого не запрашивали, никому его не сообщайте: возможно, кто-то пытается воспользоваться вашим аккаунтом. Код действует один раз и недолго, поэтому достаточно просто не раскрывать его, чтобы сорвать такую попытку.',
          'Перед входом посмотрите на адресную строку. Поддельные страницы тщательно копируют наш дизайн, но находятся по другому адресу. Открывайте Coffer из закладки, которую сохранили сами, а не по ссылке из сообщения или рекламы.',
          'Если вы ввели данные на странице, которой больше не доверяете, сразу смените пароль для входа и пароль для средств, проверьте, нет ли в настройках безопасности незнакомого номера телефона или аутентификатора, и обратитесь в поддержку Coffer. Смена настроек безопасности приостановит вывод на 24 часа — в этом случае это работает на вас.',
        ],
      },
    },
  },
];
