/// Shell completion scripts, made from `FlagTable.verify`: `octet-verify
/// --generate-completion-script bash|zsh` (swift-argument-parser's flag name), written into the
/// .deb by `scripts/package`.
public enum Completions {
    /// The shells a completion script is made for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh
    }

    static func render(_ shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        }
    }

    static func bash() -> String {
        var cases = ""
        for flag in FlagTable.verify {
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
        let names = FlagTable.verify.flatMap { [$0.short, $0.name].compactMap { $0 } }.joined(separator: " ")
        return """
            # bash completion for octet-verify \(Release.version) (generated from its flag table)
            _octet_verify() {
                local cur prev
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in
            \(cases)    esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                    return
                fi
                COMPREPLY=($(compgen -f -- "$cur"))
            }
            complete -o filenames -F _octet_verify octet-verify

            """
    }

    static func zsh() -> String {
        var specs: [String] = []
        for flag in FlagTable.verify {
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
            if names.count == 1 {
                specs.append("'\(repeatMark)\(flag.name)[\(help)]\(action)'")
            } else {
                specs.append("'(\(names.joined(separator: " ")))'{\(names.joined(separator: ","))}'[\(help)]\(action)'")
            }
        }
        specs.append("'*:PROOF:_files'")
        return """
            #compdef octet-verify
            # zsh completion for octet-verify \(Release.version) (generated from its flag table)
            _arguments -s \\
                \(specs.joined(separator: " \\\n    "))

            """
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
}
