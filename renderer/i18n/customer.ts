/**
 * Strings of the customer's details and confirmation added in issue 28 (names, the e-mail
 * promise, a visit's total), every language in one small file so that the language files stay
 * under 400 lines; each language file takes its own (`customer: ...`).
 */
const en = {
  nameShort: 'Please enter your name (at least 2 characters).',
  nameMax: 'A name can have up to {{max}} characters; the rest is left out.',
  emailHintDemo: 'This demo sends no e-mail: at the end you get a number and a code to photograph.',
  emailNotSentDemo:
    'This demo sends no e-mail. Please keep this number or take a photo of the code.',
  visitTotal: 'Together: {{duration}} · {{price}}',
};

type CustomerText = { [K in keyof typeof en]: string };

const de: CustomerText = {
  nameShort: 'Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).',
  nameMax: 'Ein Name kann bis zu {{max}} Zeichen haben; der Rest wird weggelassen.',
  emailHintDemo:
    'Diese Demo sendet keine E-Mail: Am Ende erhalten Sie eine Nummer und einen Code zum Fotografieren.',
  emailNotSentDemo:
    'Diese Demo sendet keine E-Mail. Bitte notieren Sie die Nummer oder fotografieren Sie den Code.',
  visitTotal: 'Zusammen: {{duration}} · {{price}}',
};

const tr: CustomerText = {
  nameShort: 'Lütfen adınızı girin (en az 2 karakter).',
  nameMax: 'Bir ad en fazla {{max}} karakter olabilir; gerisi alınmaz.',
  emailHintDemo:
    'Bu demo e-posta göndermez: sonunda bir numara ve fotoğrafını çekebileceğiniz bir kod alırsınız.',
  emailNotSentDemo:
    'Bu demo e-posta göndermez. Lütfen bu numarayı saklayın veya kodun fotoğrafını çekin.',
  visitTotal: 'Toplam: {{duration}} · {{price}}',
};

const pl: CustomerText = {
  nameShort: 'Proszę podać imię i nazwisko (co najmniej 2 znaki).',
  nameMax: 'Imię i nazwisko może mieć do {{max}} znaków; reszta zostaje pominięta.',
  emailHintDemo: 'To demo nie wysyła e-maili: na końcu otrzymasz numer i kod do sfotografowania.',
  emailNotSentDemo:
    'To demo nie wysyła e-maili. Proszę zachować ten numer lub zrobić zdjęcie kodu.',
  visitTotal: 'Razem: {{duration}} · {{price}}',
};

const uk: CustomerText = {
  nameShort: 'Будь ласка, введіть ім’я (щонайменше 2 символи).',
  nameMax: 'Ім’я може мати до {{max}} символів; решту буде пропущено.',
  emailHintDemo:
    'Ця демоверсія не надсилає e-mail: наприкінці ви отримаєте номер і код, який можна сфотографувати.',
  emailNotSentDemo: 'Ця демоверсія не надсилає e-mail. Збережіть цей номер або сфотографуйте код.',
  visitTotal: 'Разом: {{duration}} · {{price}}',
};

const ar: CustomerText = {
  nameShort: 'يُرجى إدخال الاسم (حرفان على الأقل).',
  nameMax: 'يمكن أن يصل الاسم إلى {{max}} حرفًا؛ ويُحذف ما بعد ذلك.',
  emailHintDemo:
    'هذا العرض التجريبي لا يرسل بريدًا إلكترونيًا: ستحصل في النهاية على رقم ورمز لتصويره.',
  emailNotSentDemo:
    'هذا العرض التجريبي لا يرسل بريدًا إلكترونيًا. يُرجى الاحتفاظ بهذا الرقم أو تصوير الرمز.',
  visitTotal: 'المجموع: {{duration}} · {{price}}',
};

export const customerText = { en, de, tr, pl, uk, ar };
