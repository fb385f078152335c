/// Shell completion scripts, made from ``FlagTable`` (every command and its flags):
/// `octet-verify --generate-completion-script bash|zsh|fish` (swift-argument-parser's flag
/// name), written into the packages by `scripts/package`.
public enum Completions {
    /// The shells a completion script is made for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func render(_ shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The commands with flags, each under the words that select it (`serve`, `replay prune`).
    static var commands: [CommandSpec] { FlagTable.commands }

    // MARK: bash

    static func bash() -> String {
        var functions = ""
        for command in commands {
            functions += bashFunction(command)
        }
        let words = FlagTable.subcommandWords.joined(separator: " ")
        return """
            # bash completion for octet-verify \(Release.version) (generated from its flag table)
            \(functions)_octet_verify() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "${COMP_WORDS[1]}" in
                    serve) [[ $COMP_CWORD -gt 1 ]] && { _octet_verify_serve; return; } ;;
                    inspect) [[ $COMP_CWORD -gt 1 ]] && { _octet_verify_inspect; return; } ;;
                    replay)
                        if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "prune --help" -- "$cur")); return; fi
                        [[ $COMP_CWORD -gt 2 ]] && { _octet_verify_replay_prune; return; } ;;
                    revocation)
                        if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "fetch --help" -- "$cur")); return; fi
                        [[ $COMP_CWORD -gt 2 ]] && { _octet_verify_revocation_fetch; return; } ;;
                esac
                if [[ $COMP_CWORD -eq 1 && "$cur" != -* ]]; then
                    COMPREPLY=($(compgen -W "\(words)" -- "$cur") $(compgen -f -- "$cur"))
                    return
                fi
                _octet_verify_verify
            }
            complete -o filenames -F _octet_verify octet-verify

            """
    }

    static func functionName(_ command: CommandSpec) -> String {
        "_octet_verify_" + (command.words.isEmpty ? "verify" : command.words.joined(separator: "_"))
    }

    static func bashFunction(_ command: CommandSpec) -> String {
        var cases = ""
        for flag in command.visibleFlags {
            switch flag.valueKind {
            case .none: continue
            case .free: cases += "        \(flag.name)) return ;;\n"
            case .file: cases += "        \(flag.name)) COMPREPLY=($(compgen -f -- \"$cur\")) ;return ;;\n"
            case .directory: cases += "        \(flag.name)) COMPREPLY=($(compgen -d -- \"$cur\")) ;return ;;\n"
            case .words(let words):
                let list = words.joined(separator: " ")
                cases += "        \(flag.name)) COMPREPLY=($(compgen -W \"\(list)\" -- \"$cur\")) ;return ;;\n"
            }
        }
        let names = command.visibleFlags.flatMap { [$0.short, $0.name].compactMap { $0 } }.joined(separator: " ")
        let operand = command.operand == nil ? "" : "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        return """
            \(functionName(command))() {
                case "$prev" in
            \(cases)    esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                    return
                fi
            \(operand)}

            """
    }

    // MARK: zsh

    static func zsh() -> String {
        var functions = ""
        for command in commands {
            var specs = command.visibleFlags.map(zshSpec)
            if let operand = command.operand { specs.append("'*:\(operand):_files'") }
            functions += """
                \(functionName(command))() {
                    _arguments -s \\
                        \(specs.joined(separator: " \\\n        "))
                }

                """
        }
        let words = FlagTable.subcommandWords.map { "'\($0)'" }.joined(separator: " ")
        return """
            #compdef octet-verify
            # zsh completion for octet-verify \(Release.version) (generated from its flag table)
            \(functions)_octet_verify() {
                case $words[2] in
                    serve) shift words; (( CURRENT-- )); _octet_verify_serve ;;
                    inspect) shift words; (( CURRENT-- )); _octet_verify_inspect ;;
                    replay)
                        if (( CURRENT == 3 )); then compadd prune; else shift 2 words; (( CURRENT -= 2 )); _octet_verify_replay_prune; fi ;;
                    revocation)
                        if (( CURRENT == 3 )); then compadd fetch; else shift 2 words; (( CURRENT -= 2 )); _octet_verify_revocation_fetch; fi ;;
                    *)
                        if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then compadd \(words); fi
                        _octet_verify_verify ;;
                esac
            }
            _octet_verify "$@"

            """
    }

    static func zshSpec(_ flag: Flag) -> String {
        let help = zshEscape(flag.help)
        let action: String
        switch flag.valueKind {
        case .none: action = ""
        case .free: action = ":\(zshEscape(flag.value ?? "")): "
        case .file: action = ":\(zshEscape(flag.value ?? "")):_files"
        case .directory: action = ":\(zshEscape(flag.value ?? "")):_files -/"
        case .words(let words): action = ":\(zshEscape(flag.value ?? "")):(\(words.joined(separator: " ")))"
        }
        let names = [flag.short, flag.name].compactMap { $0 }
        let repeatMark = flag.repeatable ? "*" : ""
        if names.count == 1 { return "'\(repeatMark)\(flag.name)[\(help)]\(action)'" }
        return "'(\(names.joined(separator: " ")))'{\(names.joined(separator: ","))}'[\(help)]\(action)'"
    }

    /// Inside single quotes and an `_arguments` spec: a quote closes the string, brackets and
    /// colons are the spec's own syntax.
    static func zshEscape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "'": out += "'\\''"
            case "[", "]", ":", "\\": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: fish

    static func fish() -> String {
        let words = FlagTable.subcommandWords
        var lines = [
            "# fish completion for octet-verify \(Release.version) (generated from its flag table)",
            "complete -c octet-verify -f",
            "complete -c octet-verify -n '__fish_use_subcommand' -a '\(words.joined(separator: " "))'",
            "complete -c octet-verify -n '__fish_seen_subcommand_from replay; and not __fish_seen_subcommand_from prune' -a prune",
            "complete -c octet-verify -n '__fish_seen_subcommand_from revocation; and not __fish_seen_subcommand_from fetch' -a fetch",
        ]
        for command in commands {
            let condition: String
            switch command.words.first {
            case nil: condition = "not __fish_seen_subcommand_from \(words.joined(separator: " "))"
            case "replay": condition = "__fish_seen_subcommand_from prune"
            case "revocation": condition = "__fish_seen_subcommand_from fetch"
            case let word?: condition = "__fish_seen_subcommand_from \(word)"
            }
            if command.operand != nil {
                lines.append("complete -c octet-verify -n '\(condition)' -F")
            }
            for flag in command.visibleFlags {
                var line = "complete -c octet-verify -n '\(condition)' -l \(flag.name.dropFirst(2))"
                if let short = flag.short { line += " -s \(short.dropFirst())" }
                switch flag.valueKind {
                case .none: break
                case .free: line += " -x"
                case .file: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case .words(let list): line += " -x -a '\(list.joined(separator: " "))'"
                }
                line += " -d '\(fishEscape(flag.help))'"
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Inside single quotes in fish: a backslash and a quote are escaped.
    static func fishEscape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            default: out.append(character)
            }
        }
        return out
    }
}
