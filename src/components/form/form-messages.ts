/** English and Bangla for the shared form parts. */
import { defineMessages } from '../../lib/i18n';

export const formMessages = defineMessages(
  {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    show: 'Show',
    hide: 'Hide',
    rulesTitle: 'Your password needs:',
    ruleMet: 'done',
    ruleUnmet: 'still needed',
    counter: '{n} / {max} characters',
    chooseFile: 'Choose file',
    changeFile: 'Choose another file',
    noFileChosen: 'No file chosen',
  },
  {
    showPassword: 'পাসওয়ার্ড দেখান',
    hidePassword: 'পাসওয়ার্ড লুকান',
    show: 'দেখান',
    hide: 'লুকান',
    rulesTitle: 'আপনার পাসওয়ার্ডে যা লাগবে:',
    ruleMet: 'হয়েছে',
    ruleUnmet: 'এখনও বাকি',
    counter: '{n} / {max} অক্ষর',
    chooseFile: 'ফাইল বেছে নিন',
    changeFile: 'অন্য ফাইল বেছে নিন',
    noFileChosen: 'কোনো ফাইল বেছে নেওয়া হয়নি',
  },
);
